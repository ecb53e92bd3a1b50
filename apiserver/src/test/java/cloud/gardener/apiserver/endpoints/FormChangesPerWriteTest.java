package cloud.gardener.apiserver.endpoints;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.FormChanges;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How many times an object changes form on its way from the request's parsed tree to storage and back to the answer
 * (tree to typed record and back, tree to stored bytes and back): the figure of the architecture issue's "decode once,
 * encode once", pinned so that a step that converts once more fails here. The steps are the handlers': the typed
 * decoding of the body, then the store (admission, defaulting, strategy, validation, canonical form, storage encode),
 * then what the answer is made from. The admission chain is empty: plugins' own reads are not counted.
 */
class FormChangesPerWriteTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private Registry registry;

    @BeforeEach
    void start() {
        registry = embeddedStore.registry();
    }

    @AfterEach
    void stop() throws Exception {
        FormChanges.stop();
    }

    @Test
    void aConfigMapCreate() throws Exception {
        FormChanges.Tally tally = FormChanges.start();
        create("", "configmaps", "v1", "dev", """
                {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"},
                 "data": {"purpose": "evaluation"}}""");
        // the body decoded and encoded once; the store's metadata (uid, creationTimestamp) converted alone
        assertThat(tally).hasToString(forms(1, 1, 1, 0, 1, 1));
    }

    @Test
    void aProjectCreate() throws Exception {
        FormChanges.Tally tally = FormChanges.start();
        create("core.gardener.cloud", "projects", "v1beta1", "", """
                {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Project", "metadata": {"name": "dev"},
                 "spec": {"namespace": "garden-dev", "description": "Clusters of the development team"}}""");
        assertThat(tally).hasToString(forms(1, 1, 1, 0, 1, 1));
    }

    @Test
    void aShootCreate() throws Exception {
        FormChanges.Tally tally = FormChanges.start();
        create("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", SHOOT);
        assertThat(tally).hasToString(forms(1, 1, 1, 0, 3, 3));
    }

    @Test
    void aShootUpdate() throws Exception {
        ObjectNode created = create("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", SHOOT);
        ObjectNode changed = created.deepCopy();
        ((ObjectNode) changed.at("/spec/provider/workers/0")).put("maximum", 3);
        FormChanges.Tally tally = FormChanges.start();
        update("core.gardener.cloud", "shoots", "v1beta1", "garden-dev", "local", changed.toString());
        // the stored Shoot edited by the strategy is decoded in its changed parts only (ModelCodec.decodeChanged)
        assertThat(tally).hasToString(forms(1, 1, 1, 1, 2, 1));
    }

    @Test
    void aConfigMapUpdate() throws Exception {
        ObjectNode created = create("", "configmaps", "v1", "dev", """
                {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings"},
                 "data": {"purpose": "evaluation"}}""");
        ObjectNode changed = created.deepCopy();
        changed.withObjectProperty("data").put("purpose", "production");
        FormChanges.Tally tally = FormChanges.start();
        update("", "configmaps", "v1", "dev", "settings", changed.toString());
        assertThat(tally).hasToString(forms(1, 1, 1, 1, 0, 0));
    }

    /**
     * The counts as the tally shows them: tree to record, record to tree, tree to stored bytes, stored bytes to tree;
     * then the conversions of parts alone (the metadata, status), tree to record and record to tree.
     */
    private static String forms(
            int treeToRecord,
            int recordToTree,
            int treeToBytes,
            int bytesToTree,
            int partTreeToRecord,
            int partRecordToTree) {
        return "{TREE_TO_RECORD=" + treeToRecord + ", RECORD_TO_TREE=" + recordToTree + ", TREE_TO_BYTES=" + treeToBytes
                + ", BYTES_TO_TREE=" + bytesToTree + ", PART_TREE_TO_RECORD=" + partTreeToRecord
                + ", PART_RECORD_TO_TREE=" + partRecordToTree + "}";
    }

    private static final String SHOOT = """
            {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
             "metadata": {"name": "local", "namespace": "garden-dev"},
             "spec": {"cloudProfile": {"kind": "CloudProfile", "name": "local"}, "credentialsBindingName": "local",
              "seedName": "local", "region": "local", "kubernetes": {"version": "1.33.0"},
              "networking": {"type": "calico", "nodes": "10.0.0.0/16"},
              "provider": {"type": "local", "workers": [{"name": "local",
                "machine": {"type": "local", "image": {"name": "local", "version": "1.0.0"}},
                "cri": {"name": "containerd"}, "minimum": 1, "maximum": 2, "maxSurge": 1, "maxUnavailable": 0}]}}}""";

    /** What the create handler does with a parsed body: decode it through the kind's model, create, answer. */
    private ObjectNode create(String group, String plural, String version, String namespace, String body)
            throws Exception {
        ResourceRequest req = request(group, plural, version, namespace, "", "create");
        ModelForms forms = new ModelForms();
        ObjectNode decoded = decode(req, body, forms);
        return await(req.store().create(namespace, decoded, write(forms)));
    }

    /** What the update handler does with a parsed body: decode it, update the stored object with it, answer. */
    private ObjectNode update(String group, String plural, String version, String namespace, String name, String body)
            throws Exception {
        ResourceRequest req = request(group, plural, version, namespace, name, "update");
        ModelForms forms = new ModelForms();
        ObjectNode decoded = decode(req, body, forms);
        return await(req.store().update(namespace, name, "", current -> decoded.deepCopy(), write(forms)));
    }

    /** The typed decoding of the body, its records remembered for the write as the handlers' write context does. */
    private static ObjectNode decode(ResourceRequest req, String body, ModelForms forms) {
        ObjectNode tree = (ObjectNode) Json.readTree(body.getBytes(StandardCharsets.UTF_8));
        return TypedDecoding.apply(
                req, tree, new RequestBodies.ParsedBody(tree, List.of(), List.of()), FieldValidation.STRICT, forms);
    }

    private static WriteContext write(ModelForms forms) {
        return new WriteContext(ADMIN.user(), false, "test", warning -> {}, 0, AuditAnnotations.NONE, forms);
    }

    private ResourceRequest request(
            String group, String plural, String version, String namespace, String name, String verb) {
        GenericStore store = registry.store(group, plural).orElseThrow();
        return ResourceRequests.of(store, version, verb, namespace, name, "", ADMIN.user());
    }
}
