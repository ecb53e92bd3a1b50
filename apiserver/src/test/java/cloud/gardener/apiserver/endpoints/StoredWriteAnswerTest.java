package cloud.gardener.apiserver.endpoints;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.WrittenObject;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A create's or update's compact JSON answer made from the bytes the write stored ({@link StoredJsonAnswer}) is byte
 * for byte what encoding the written object gives, which is how the answer was made before and still is where there
 * are no such bytes (dry runs, Secrets, whose stored form a conversion of what is read could change): the steps are
 * the handlers' (body kind, typed decoding, the store's write, the answer's choice).
 */
class StoredWriteAnswerTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Registry registry;

    @BeforeEach
    void start() {
        registry = embeddedStore.registry();
    }

    @Test
    void aConfigMapsCreateAndUpdateAnswersAreItsStoredBytes() throws Exception {
        Written created = create("", "configmaps", "v1", "dev", CONFIG_MAP, false);
        created.assertFromStoredBytes();
        // the write knows where its own bytes take the resourceVersion: they are not scanned for it
        assertThat(created.written().form()).isNotNull();
        Written updated = update("", "configmaps", "v1", "dev", "settings", "", false, obj -> {
            obj.withObjectProperty("data").put("purpose", "production");
            return obj;
        });
        updated.assertFromStoredBytes();
        assertThat(updated.written().form()).isNotNull();
        assertThat(updated.answer()).contains("\"purpose\":\"production\"");
    }

    @Test
    void aBodyWithoutKindIsAnsweredAsOneWithIt() throws Exception {
        create("", "configmaps", "v1", "dev", """
                        {"metadata": {"name": "settings", "labels": {"a": "b"}}, "data": {"purpose": "evaluation"}}""", false).assertFromStoredBytes();
        create("core.gardener.cloud", "projects", "v1beta1", "", """
                        {"metadata": {"name": "dev"}, "spec": {"namespace": "garden-dev"}}""", false).assertFromStoredBytes();
    }

    @Test
    void anUpdateThatChangesNothingAnswersTheStoredObject() throws Exception {
        Written created = create("", "configmaps", "v1", "dev", CONFIG_MAP, false);
        Written unchanged = update("", "configmaps", "v1", "dev", "settings", "", false, obj -> obj);
        unchanged.assertFromStoredBytes();
        // the bytes storage held, not written by this update: scanned
        assertThat(unchanged.written().form()).isNull();
        assertThat(unchanged.written().object().at("/metadata/resourceVersion"))
                .isEqualTo(created.written().object().at("/metadata/resourceVersion"));
    }

    @Test
    void aProjectsCreateAndUpdateAnswersAreItsStoredBytes() throws Exception {
        create("core.gardener.cloud", "projects", "v1beta1", "", PROJECT, false).assertFromStoredBytes();
        Written updated = update("core.gardener.cloud", "projects", "v1beta1", "", "dev", "", false, obj -> {
            ((ObjectNode) obj.get("spec")).put("description", "Clusters of the operations team");
            return obj;
        });
        updated.assertFromStoredBytes();
        // the generation moved and the resourceVersion sits where the model's metadata has it, not last
        assertThat(updated.written().object().at("/metadata/generation").asLong())
                .isEqualTo(2);
        assertThat(StoredJsonAnswer.after(updated.written().object())).isEqualTo("uid");
    }

    @Test
    void aShootsCreateUpdateAndStatusUpdateAnswersAreItsStoredBytes() throws Exception {
        create("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", SHOOT, false)
                .assertFromStoredBytes();
        update("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", "local", "", false, obj -> {
                    ((ObjectNode) obj.at("/spec/provider/workers/0")).put("maximum", 3);
                    return obj;
                })
                .assertFromStoredBytes();
        Written status =
                update("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", "local", "status", false, obj -> {
                    obj.putObject("status").put("technicalID", "shoot--dev--local");
                    return obj;
                });
        status.assertFromStoredBytes();
        assertThat(status.answer()).contains("\"technicalID\":\"shoot--dev--local\"");
    }

    @Test
    void aSecretWithStringDataIsAnsweredFromItsObject() throws Exception {
        Written created = create("", "secrets", "v1", "dev", """
                {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "token"},
                 "stringData": {"token": "abc"}, "data": {"other": "eHl6"}}""", false);
        created.assertFromObject();
        assertThat(created.answer()).contains("\"token\":\"YWJj\"").doesNotContain("stringData");
        update("", "secrets", "v1", "dev", "token", "", false, obj -> {
                    obj.putObject("stringData").put("token", "def");
                    return obj;
                })
                .assertFromObject();
    }

    @Test
    void dryRunsAreAnsweredFromTheirObject() throws Exception {
        create("", "configmaps", "v1", "dev", CONFIG_MAP, true).assertFromObject();
        create("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", SHOOT, false);
        update("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", "local", "", true, obj -> {
                    ((ObjectNode) obj.at("/spec/provider/workers/0")).put("maximum", 3);
                    return obj;
                })
                .assertFromObject();
    }

    /** A write's outcome and the answers both ways: from the stored bytes where that applies, and encoded. */
    private record Written(WrittenObject written, Optional<String> fromStored, String encoded) {

        String answer() {
            return fromStored.orElse(encoded);
        }

        void assertFromStoredBytes() {
            assertThat(fromStored).as("answered from the stored bytes").isPresent();
            assertThat(fromStored.get()).isEqualTo(encoded);
        }

        void assertFromObject() {
            assertThat(fromStored).as("answered from the object").isEmpty();
        }
    }

    private static final String CONFIG_MAP = """
            {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"},
             "data": {"purpose": "evaluation"}}""";

    private static final String PROJECT = """
            {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Project", "metadata": {"name": "dev"},
             "spec": {"namespace": "garden-dev", "description": "Clusters of the development team"}}""";

    private static final String SHOOT = """
            {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
             "metadata": {"name": "local", "namespace": "garden-dev", "labels": {"team": "dev"}},
             "spec": {"cloudProfile": {"kind": "CloudProfile", "name": "local"}, "credentialsBindingName": "local",
              "seedName": "local", "region": "local", "kubernetes": {"version": "1.33.0"},
              "networking": {"type": "calico", "nodes": "10.0.0.0/16"},
              "provider": {"type": "local", "workers": [{"name": "local",
                "machine": {"type": "local", "image": {"name": "local", "version": "1.0.0"}},
                "cri": {"name": "containerd"}, "minimum": 1, "maximum": 2, "maxSurge": 1, "maxUnavailable": 0}]}}}""";

    private Written create(String group, String plural, String version, String namespace, String body, boolean dryRun)
            throws Exception {
        ResourceRequest req = request(group, plural, version, namespace, "", "");
        ModelForms forms = new ModelForms();
        ObjectNode decoded = decode(req, body, forms);
        return answers(req, await(req.store().createWritten(namespace, decoded, write(forms, dryRun))));
    }

    private Written update(
            String group,
            String plural,
            String version,
            String namespace,
            String name,
            String subresource,
            boolean dryRun,
            UnaryOperator<ObjectNode> change)
            throws Exception {
        ResourceRequest req = request(group, plural, version, namespace, name, subresource);
        ObjectNode current = req.present(await(req.store().get(namespace, name)));
        ModelForms forms = new ModelForms();
        ObjectNode decoded = decode(req, change.apply(current).toString(), forms);
        WrittenObject written = await(req.store()
                .updateWritten(namespace, name, subresource, stored -> decoded.deepCopy(), write(forms, dryRun)));
        return answers(req, written);
    }

    private static Written answers(ResourceRequest req, WrittenObject written) {
        String encoded = new String(Json.toBytes(req.present(written.object().deepCopy())), StandardCharsets.UTF_8);
        Optional<String> fromStored = StoredJsonAnswer.of(
                        written,
                        StoredJsonAnswer.after(written.object()),
                        req.type().kind(),
                        req.apiVersion())
                .map(bytes -> new String(bytes, StandardCharsets.UTF_8));
        return new Written(written, fromStored, encoded);
    }

    /** The body's kind defaulted and its typed decoding, as the handlers read a body. */
    private static ObjectNode decode(ResourceRequest req, String body, ModelForms forms) {
        ObjectNode tree = (ObjectNode) Json.readTree(body.getBytes(StandardCharsets.UTF_8));
        BodyKind.resolve(tree, req.type().gvk(req.version()));
        return TypedDecoding.apply(
                req, tree, new RequestBodies.ParsedBody(tree, List.of(), List.of()), FieldValidation.STRICT, forms);
    }

    private static WriteContext write(ModelForms forms, boolean dryRun) {
        return new WriteContext(ADMIN.user(), dryRun, "test", warning -> {}, 0, AuditAnnotations.NONE, forms);
    }

    private ResourceRequest request(
            String group, String plural, String version, String namespace, String name, String subresource) {
        GenericStore store = registry.store(group, plural).orElseThrow();
        String verb = name.isEmpty() ? "create" : "update";
        return ResourceRequests.of(store, version, verb, namespace, name, subresource, ADMIN.user());
    }
}
