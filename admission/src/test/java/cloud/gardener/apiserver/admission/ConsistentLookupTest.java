package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import io.vertx.core.Future;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Consistent reads: the cache's once it has caught up with storage, storage's while it cannot tell. */
class ConsistentLookupTest {

    /** A Shoot scheduled onto a Seed a moment ago, which the cache has yet to see. */
    private static InMemoryObjects lagging() {
        return new InMemoryObjects()
                .put(Outcomes.SHOOTS, "{metadata: {name: s, namespace: dev}, spec: {seedName: fresh}}")
                .staleInCache(Outcomes.SHOOTS, "{metadata: {name: s, namespace: dev}, spec: {}}");
    }

    @Test
    void whileTheCacheCannotTellTheReadsAreStorages() {
        InMemoryObjects objects = lagging();
        assertThat(objects.candidates(Outcomes.SHOOTS, ShootIndexes.SEED, "fresh")
                        .result())
                .as("the cache alone")
                .isEmpty();

        ObjectLookup consistent = objects.consistent();
        assertThat(seedNames(consistent.list(Shoot.class, Outcomes.SHOOTS, "dev")))
                .containsExactly("fresh");
        assertThat(consistent
                        .get(Outcomes.SHOOTS, "dev", "s")
                        .result()
                        .orElseThrow()
                        .at("/spec/seedName")
                        .asText())
                .isEqualTo("fresh");
        assertThat(consistent
                        .candidates(Outcomes.SHOOTS, ShootIndexes.SEED, "fresh")
                        .result())
                .hasSize(1);
        assertThat(consistent
                        .candidates(Outcomes.SHOOTS, "dev", ShootIndexes.SEED, "fresh")
                        .result())
                .hasSize(1);
        assertThat(consistent
                        .candidates(Outcomes.SHOOTS, "other", ShootIndexes.SEED, "fresh")
                        .result())
                .isEmpty();
    }

    @Test
    void onceTheCacheHasCaughtUpTheReadsAreTheCaches() {
        // this cache reports caught up while it is stale: the answer shows whose read it is
        ObjectLookup consistent = lagging().reportingCaughtUp().consistent();
        assertThat(seedNames(consistent.list(Shoot.class, Outcomes.SHOOTS, "dev")))
                .containsExactly("");
        assertThat(consistent
                        .candidates(Outcomes.SHOOTS, ShootIndexes.SEED, "fresh")
                        .result())
                .isEmpty();
        assertThat(consistent.consistent()).isSameAs(consistent);
    }

    private static List<String> seedNames(Future<List<Shoot>> shoots) {
        return shoots.result().stream()
                .map(s -> s.spec() == null || s.spec().seedName() == null
                        ? ""
                        : s.spec().seedName())
                .toList();
    }
}
