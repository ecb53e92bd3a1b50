package cloud.gardener.apiserver.api.core.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** OpenAPI schemas of the core.gardener.cloud/v1beta1 kinds (other than Shoot), as kube-openapi names them. */
class CoreV1beta1SchemasTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.core.v1beta1.";

    private static final List<Class<?>> KINDS = List.of(
            BackupBucket.class,
            BackupBucketList.class,
            BackupEntry.class,
            BackupEntryList.class,
            CloudProfile.class,
            CloudProfileList.class,
            NamespacedCloudProfile.class,
            NamespacedCloudProfileList.class,
            ControllerDeployment.class,
            ControllerDeploymentList.class,
            ControllerInstallation.class,
            ControllerInstallationList.class,
            ControllerRegistration.class,
            ControllerRegistrationList.class,
            ExposureClass.class,
            ExposureClassList.class,
            InternalSecret.class,
            InternalSecretList.class,
            Project.class,
            ProjectList.class,
            Quota.class,
            QuotaList.class,
            SecretBinding.class,
            SecretBindingList.class,
            Seed.class,
            SeedList.class,
            ShootState.class,
            ShootStateList.class);

    /** Kinds with Go {@code []byte} fields. */
    private static final List<Class<?>> WITH_BYTES = List.of(InternalSecret.class, InternalSecretList.class);

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void everyKindHasADefinitionNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        for (Class<?> kind : KINDS) {
            if (WITH_BYTES.contains(kind)) {
                continue; // see byteFieldsAreBase64Strings
            }
            ModelSchemas schemas = new ModelSchemas(dialect);
            assertThat(schemas.add(kind)).isEqualTo(PREFIX + kind.getSimpleName());
            ObjectNode schema = schemas.definitions().get(PREFIX + kind.getSimpleName());
            assertThat(schema.path("description").asText())
                    .as(kind.getSimpleName())
                    .isNotEmpty();
            assertThat(schema.path("properties").fieldNames())
                    .toIterable()
                    .as(kind.getSimpleName())
                    .contains("kind", "apiVersion", "metadata");
            List<String> dangling = new ArrayList<>();
            schemas.definitions().values().forEach(d -> collectRefs(d, dialect, schemas.definitions(), dangling));
            assertThat(dangling)
                    .as("references without a definition from %s", kind.getSimpleName())
                    .isEmpty();
        }
    }

    /**
     * Go {@code []byte} fields are strings of format byte. Fails while the framework cannot name Base64Bytes
     * ({@code GoPackages} has no entry for it, so {@code ModelSchemas.add} throws).
     */
    @Test
    void byteFieldsAreBase64Strings() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        schemas.add(InternalSecret.class);
        schemas.add(HelmControllerDeployment.class);
        Map<String, ObjectNode> defs = schemas.definitions();
        assertByteString(
                defs.get(PREFIX + "InternalSecret")
                        .path("properties")
                        .path("data")
                        .path("additionalProperties"),
                defs);
        assertByteString(
                defs.get(PREFIX + "HelmControllerDeployment").path("properties").path("chart"), defs);
    }

    private static void assertByteString(JsonNode schema, Map<String, ObjectNode> defs) {
        JsonNode ref = schema.has("allOf") ? schema.path("allOf").get(0).path("$ref") : schema.path("$ref");
        JsonNode resolved = ref.isMissingNode()
                ? schema
                : defs.get(ref.asText().substring(ref.asText().lastIndexOf('/') + 1));
        assertThat(resolved.path("type").asText()).isEqualTo("string");
        assertThat(resolved.path("format").asText()).isEqualTo("byte");
    }

    @ParameterizedTest
    @ValueSource(classes = {BackupBucketList.class, CloudProfileList.class, SeedList.class, ProjectList.class})
    void listsRequireItems(Class<?> list) {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        ObjectNode schema = schemas.definitions().get(schemas.add(list));
        assertThat(schema.path("required").toString()).isEqualTo("[\"items\"]");
        assertThat(schema.path("properties")
                        .path("items")
                        .path("items")
                        .path("allOf")
                        .get(0)
                        .path("$ref")
                        .asText())
                .isEqualTo(
                        "#/components/schemas/" + PREFIX + list.getSimpleName().replaceAll("List$", ""));
    }

    @Test
    void seedDefinitionsCarryRequiredFieldsAndPatchExtensions() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        schemas.add(Seed.class);
        schemas.add(Project.class);
        Map<String, ObjectNode> defs = schemas.definitions();
        assertThat(defs.get(PREFIX + "SeedSpec").path("required").toString())
                .isEqualTo("[\"dns\",\"networks\",\"provider\"]");
        assertThat(defs.get(PREFIX + "SeedNetworks").path("required").toString())
                .isEqualTo("[\"pods\",\"services\"]");
        JsonNode conditions = defs.get(PREFIX + "SeedStatus").path("properties").path("conditions");
        assertThat(conditions.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("type");
        assertThat(conditions.path("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
        JsonNode whitelist =
                defs.get(PREFIX + "ProjectTolerations").path("properties").path("whitelist");
        assertThat(whitelist.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("key");
        // ProjectMember embeds rbac/v1 Subject: its fields appear on the member itself.
        assertThat(defs.get(PREFIX + "ProjectMember").path("properties").fieldNames())
                .toIterable()
                .containsExactly("apiGroup", "kind", "name", "namespace", "role", "roles");
        assertThat(defs).containsKey("io.k8s.api.rbac.v1.Subject");
    }

    private static void collectRefs(
            JsonNode node, ModelSchemas.Dialect dialect, Map<String, ObjectNode> defs, List<String> dangling) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                String name = ref.asText().substring(ref.asText().lastIndexOf('/') + 1);
                if (!defs.containsKey(name)) {
                    dangling.add(name);
                }
            }
            node.elements().forEachRemaining(child -> collectRefs(child, dialect, defs, dangling));
        } else if (node.isArray()) {
            node.elements().forEachRemaining(child -> collectRefs(child, dialect, defs, dangling));
        }
    }
}
