package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.failure;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A collection delete answers the list it deleted from, as kube-apiserver's {@code DeleteCollection}: the items and
 * the revision as read before the deletes, not the objects after them nor the revision the deletes reached.
 */
class GenericStoreDeleteCollectionTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private GenericStore configMaps;

    @BeforeEach
    void start() {
        configMaps = embeddedStore.registry().store("", "configmaps").orElseThrow();
    }

    @Test
    void theAnswerIsTheListAsReadBeforeTheDeletes() throws Exception {
        await(configMaps.create("dev", configMap("gone", ""), ADMIN));
        ObjectNode kept = await(configMaps.create("dev", configMap("kept", "\"example.com/keep\""), ADMIN));
        long listedAt = Long.parseLong(ObjectTrees.resourceVersion(kept));

        ListResult answer = await(configMaps.deleteCollection("dev", null, DeleteRequest.DEFAULT, ADMIN));

        assertThat(answer.items()).extracting(ObjectTrees::name).containsExactly("gone", "kept");
        assertThat(answer.revision()).as("the list's revision").isEqualTo(listedAt);
        assertThat(answer.items().get(1).at("/metadata/deletionTimestamp").isMissingNode())
                .as("the finalized item as listed, before the delete marked it")
                .isTrue();
        ObjectNode marked = await(configMaps.get("dev", "kept"));
        assertThat(marked.at("/metadata/deletionTimestamp").isTextual()).isTrue();
        assertThat(Long.parseLong(ObjectTrees.resourceVersion(marked))).isGreaterThan(answer.revision());
        assertThat(failure(configMaps.get("dev", "gone")))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(404));
    }

    private static ObjectNode configMap(String name, String finalizers) {
        String json = """
                {"apiVersion": "v1", "kind": "ConfigMap",
                 "metadata": {"name": "%s", "finalizers": [%s]},
                 "data": {"purpose": "evaluation"}}""".formatted(name, finalizers);
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }
}
