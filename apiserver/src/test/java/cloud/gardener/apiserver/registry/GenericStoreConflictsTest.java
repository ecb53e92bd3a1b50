package cloud.gardener.apiserver.registry;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.await;
import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.failure;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an update or a delete does when another writer gets in between its read and its write: it is judged again
 * (transform, admission) on the winner's object, a bounded number of times, and then answers 409 Conflict. The other
 * writer is an admission plugin that writes the object itself while the request waits for it, so every race is lost
 * on purpose.
 */
class GenericStoreConflictsTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private ObservedStorage storage;
    private GenericStore configMaps;
    private final Racer racer = new Racer();

    /** Before the request's write, writes a label of its own onto the stored object, as long as races are left. */
    private final class Racer implements MutatingPlugin {
        final AtomicInteger racesLeft = new AtomicInteger();
        final AtomicInteger seen = new AtomicInteger();

        @Override
        public String name() {
            return "Racer";
        }

        @Override
        public boolean handles(Operation operation) {
            return operation == Operation.UPDATE || operation == Operation.DELETE;
        }

        @Override
        public Future<Mutation> admit(Attributes attributes) {
            seen.incrementAndGet();
            int race = racesLeft.getAndDecrement();
            if (race <= 0) {
                return Mutation.none();
            }
            String key = configMaps.keys().object(attributes.namespace(), attributes.name());
            return storage.get(key)
                    .compose(current -> {
                        ObjectNode obj = (ObjectNode) Json.readTree(current.value());
                        obj.withObjectProperty("metadata")
                                .withObjectProperty("labels")
                                .put("racer-" + race, "won");
                        return storage.update(key, current.modRevision(), Json.toBytes(obj));
                    })
                    // it races through storage, leaving the request's tree alone
                    .map(Mutation.NONE);
        }
    }

    @BeforeEach
    void start() throws Exception {
        storage = embeddedStore.storage();
        Registry registry = embeddedStore.registry(new AdmissionChain(List.of(racer)));
        configMaps = registry.store("", "configmaps").orElseThrow();
        await(configMaps.create("dev", configMap(), ADMIN));
    }

    private static ObjectNode configMap() {
        return (ObjectNode) Json.readTree("""
                {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "shoot-settings"},
                 "data": {"purpose": "evaluation"}}""".getBytes(StandardCharsets.UTF_8));
    }

    /** A patch-like change: the stored object (with its resourceVersion) plus one label. */
    private Future<ObjectNode> addLabel(String label, AtomicInteger calls) {
        return configMaps.update(
                "dev",
                "shoot-settings",
                "",
                old -> {
                    calls.incrementAndGet();
                    old.withObjectProperty("metadata")
                            .withObjectProperty("labels")
                            .put(label, "true");
                    return old;
                },
                ADMIN);
    }

    @Test
    void anUpdateThatLosesRacesIsAppliedAgainToTheWinnersObject() throws Exception {
        racer.racesLeft.set(2);
        AtomicInteger transforms = new AtomicInteger();

        ObjectNode updated = await(addLabel("mine", transforms));

        assertThat(transforms)
                .as("one try per race lost, and the one that wins")
                .hasValue(3);
        assertThat(updated.at("/metadata/labels").properties())
                .extracting(Map.Entry::getKey)
                .containsExactlyInAnyOrder("racer-1", "racer-2", "mine");
        ObjectNode stored = await(configMaps.get("dev", "shoot-settings"));
        assertThat(stored.at("/metadata/labels/mine").asText()).isEqualTo("true");
        assertThat(stored.at("/metadata/resourceVersion").asText())
                .isEqualTo(updated.at("/metadata/resourceVersion").asText());
    }

    @Test
    void anUpdateThatLosesEveryRaceIsAConflictAfterTheBound() throws Exception {
        racer.racesLeft.set(1000);
        AtomicInteger transforms = new AtomicInteger();

        Throwable t = failure(addLabel("mine", transforms));

        assertThat(t).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(409);
            assertThat(e.getMessage()).contains(ApiException.OBJECT_MODIFIED);
        });
        assertThat(transforms).hasValue(GenericStore.UPDATE_ATTEMPTS);
        assertThat(await(configMaps.get("dev", "shoot-settings"))
                        .at("/metadata/labels/mine")
                        .isMissingNode())
                .isTrue();
    }

    @Test
    void aResourceVersionTheRequestNamedIsAPreconditionNotRetriedAway() throws Exception {
        String read = await(configMaps.get("dev", "shoot-settings"))
                .at("/metadata/resourceVersion")
                .asText();
        racer.racesLeft.set(1);
        AtomicInteger transforms = new AtomicInteger();

        Throwable t = failure(configMaps.update(
                "dev",
                "shoot-settings",
                "",
                old -> {
                    transforms.incrementAndGet();
                    // a PUT of what the client read: its resourceVersion, its change
                    old.withObjectProperty("metadata").put("resourceVersion", read);
                    old.withObjectProperty("data").put("purpose", "production");
                    return old;
                },
                ADMIN));

        assertThat(t)
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(409));
        assertThat(transforms)
                .as("tried again after the lost race, then refused on the precondition")
                .hasValue(2);
    }

    @Test
    void aDeleteThatLosesARaceIsJudgedAgainOnTheCurrentObject() throws Exception {
        racer.racesLeft.set(1);

        DeleteResult result =
                await(configMaps.delete("dev", "shoot-settings", new DeleteRequest(null, null, null), ADMIN));

        assertThat(result.removed()).isTrue();
        assertThat(result.object().at("/metadata/labels/racer-1").asText())
                .as("the object as deleted")
                .isEqualTo("won");
        assertThat(racer.seen).as("admission saw the delete twice").hasValue(2);
        assertThat(failure(configMaps.get("dev", "shoot-settings")))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(404));
    }
}
