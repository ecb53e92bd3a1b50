package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import static cloud.gardener.apiserver.api.core.ModelConformance.assertKindSchema;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.k8s.autoscalingv1.Scale;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** OpenAPI schemas of the seedmanagement.gardener.cloud/v1alpha1 kinds, named as kube-openapi names them. */
class SeedManagementSchemasTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.seedmanagement.v1alpha1.";

    private static final List<Class<?>> KINDS = List.of(
            ManagedSeed.class,
            ManagedSeedList.class,
            ManagedSeedSet.class,
            ManagedSeedSetList.class,
            Gardenlet.class,
            GardenletList.class);

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void everyKindHasADefinitionNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        for (Class<?> kind : KINDS) {
            assertKindSchema(kind, PREFIX, dialect);
        }
    }

    @Test
    void definitionsCarryRequiredFieldsEmbeddingAndReferencedTypes() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        schemas.add(ManagedSeedSet.class);
        schemas.add(Gardenlet.class);
        Map<String, ObjectNode> defs = schemas.definitions();
        assertThat(defs.get(PREFIX + "ManagedSeedSpec").path("required").toString())
                .isEqualTo("[\"gardenlet\"]");
        assertThat(defs.get(PREFIX + "ManagedSeedSetSpec").path("required").toString())
                .isEqualTo("[\"selector\",\"template\",\"shootTemplate\"]");
        assertThat(defs.get(PREFIX + "ManagedSeedSetStatus").path("required").toString())
                .isEqualTo("[\"replicas\"]");
        assertThat(defs.get(PREFIX + "PendingReplica").path("required").toString())
                .isEqualTo("[\"name\",\"reason\",\"since\"]");
        // GardenletSelfDeployment embeds GardenletDeployment.
        assertThat(defs.get(PREFIX + "GardenletSelfDeployment")
                        .path("properties")
                        .fieldNames())
                .toIterable()
                .contains("replicaCount", "revisionHistoryLimit", "env", "helm", "imageVectorOverwrite")
                .doesNotContain("gardenletDeployment");
        assertThat(defs.get(PREFIX + "GardenletSelfDeployment").path("required").toString())
                .isEqualTo("[\"helm\"]");
        JsonNode config = defs.get(PREFIX + "GardenletSpec").path("properties").path("config");
        assertThat(config.path("x-kubernetes-preserve-unknown-fields").asBoolean())
                .isTrue();
        JsonNode conditions =
                defs.get(PREFIX + "GardenletStatus").path("properties").path("conditions");
        assertThat(conditions.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("type");
        assertThat(defs)
                .containsKeys(
                        "com.github.gardener.gardener.pkg.apis.core.v1beta1.ShootTemplate",
                        "com.github.gardener.gardener.pkg.apis.core.v1.OCIRepository",
                        "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector",
                        "io.k8s.api.core.v1.ResourceRequirements",
                        "io.k8s.api.core.v1.Volume",
                        "io.k8s.api.core.v1.VolumeMount",
                        "io.k8s.api.core.v1.EnvVar",
                        "io.k8s.api.core.v1.Toleration");
    }

    @Test
    void scaleSubresourceUsesAutoscalingV1Scale() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V2);
        assertThat(schemas.add(Scale.class)).isEqualTo("io.k8s.api.autoscaling.v1.Scale");
        assertThat(schemas.definitions())
                .containsKeys("io.k8s.api.autoscaling.v1.ScaleSpec", "io.k8s.api.autoscaling.v1.ScaleStatus");
        assertThat(schemas.definitions()
                        .get("io.k8s.api.autoscaling.v1.ScaleStatus")
                        .path("required")
                        .toString())
                .isEqualTo("[\"replicas\"]");
    }
}
