package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.registry.gardener.ShootStrategy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A Shoot's canonical form after validation ({@code ShootStrategy.canonicalize}: the seed name labels, the self-hosted
 * label, a few removals) names the places it wrote, and the store converts those alone ({@link
 * ModelForms#canonicalizeWritten}): the strategy must write nowhere else, and the tree and record must be what
 * converting the whole object gives. Checked over every Shoot of the examples and conformance samples, each with the
 * canonical form's cases (a seed, a changed seed, the seed's label already there in another order, a control plane
 * worker, each removal).
 */
class CanonicalizeWrittenTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private static List<Consumer<ObjectNode>> cases() {
        return List.of(
                shoot -> {},
                shoot -> spec(shoot).put("seedName", "seed-b"),
                shoot -> spec(shoot).remove("seedName"),
                shoot -> {
                    spec(shoot).put("seedName", "seed-b");
                    ((ObjectNode) shoot.get("metadata"))
                            .putObject("labels")
                            .put("z", "1")
                            .put("name.seed.gardener.cloud/seed-b", "true");
                },
                shoot -> ((ObjectNode) shoot.get("metadata"))
                        .putObject("labels")
                        .put("name.seed.gardener.cloud/old", "true"),
                shoot -> spec(shoot)
                        .withObject("kubernetes")
                        .putObject("clusterAutoscaler")
                        .put("maxEmptyBulkDelete", 3),
                shoot -> spec(shoot)
                        .withObject("kubernetes")
                        .putObject("kubeAPIServer")
                        .put("enableAnonymousAuthentication", false),
                shoot -> spec(shoot)
                        .putObject("addons")
                        .putObject("kubernetesDashboard")
                        .put("enabled", false),
                shoot -> {
                    JsonNode workers = shoot.at("/spec/provider/workers");
                    if (!workers.isEmpty()) {
                        ((ObjectNode) workers.get(0)).putObject("controlPlane");
                    }
                });
    }

    private static ObjectNode spec(ObjectNode shoot) {
        return shoot.withObject("spec");
    }

    @Test
    void theWrittenPlacesAloneConvertedGiveWhatConvertingTheWholeShootGives() throws Exception {
        GenericStore shoots =
                embeddedStore.registry().store("core.gardener.cloud", "shoots").orElseThrow();
        ResourceType type = shoots.type();
        ModelStrategy strategy = (ModelStrategy) ModelStrategy.wrap(type, new ShootStrategy());
        Class<?> model = ResourceModels.of(type.gvk("v1beta1")).orElseThrow();
        int checked = 0;
        int written = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            if (!sample.path("kind").asText().equals("Shoot")
                    || !sample.path("apiVersion").asText().equals("core.gardener.cloud/v1beta1")) {
                continue;
            }
            for (Consumer<ObjectNode> edit : cases()) {
                ObjectNode edited = sample.deepCopy();
                edit.accept(edited);
                // the object as validation reads it: canonical, its record the form known last
                ModelForms forms = new ModelForms();
                ObjectNode obj = edited.deepCopy();
                Object record = forms.canonicalize(obj, model);
                ObjectNode before = obj.deepCopy();

                Object canonicalized = strategy.canonicalize(obj, forms, record);

                ObjectNode whole = before.deepCopy();
                ModelCodec.WrittenPaths places = new ShootStrategy().canonicalizeWriting(whole);
                assertThat(outside(whole, places)).as("%s", edited).isEqualTo(outside(before, places));
                ObjectNode expected = ModelCodec.canonical(whole, model);
                assertThat(obj).as("%s", edited).hasToString(expected.toString());
                assertThat(Json.toBytes(ModelCodec.encode(canonicalized)))
                        .as("%s", edited)
                        .isEqualTo(Json.toBytes(expected));
                // what the memory keeps is that form too: the store's next conversion starts from it
                ObjectNode again = expected.deepCopy();
                assertThat(forms.canonicalize(again, model)).isSameAs(canonicalized);
                checked++;
                if (canonicalized != record) {
                    written++;
                }
            }
        }
        assertThat(checked).isGreaterThan(10);
        assertThat(written).isGreaterThan(checked / 3);
    }

    /** {@code tree} without the members at {@code places} (their parents kept). */
    private static ObjectNode outside(ObjectNode tree, ModelCodec.WrittenPaths places) {
        ObjectNode copy = tree.deepCopy();
        strip(copy, places);
        return copy;
    }

    private static void strip(ObjectNode node, ModelCodec.WrittenPaths places) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            ModelCodec.WrittenPaths below = places.below(name);
            if (below == null) {
                continue;
            }
            if (below.all() || !(node.get(name) instanceof ObjectNode child)) {
                node.remove(name);
            } else {
                strip(child, below);
            }
        }
    }
}
