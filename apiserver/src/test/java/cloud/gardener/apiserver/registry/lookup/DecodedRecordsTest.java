package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecodedRecordsTest {

    private static ObjectNode seed(String name, String region) throws Exception {
        return (ObjectNode) Json.MAPPER.readTree("""
                {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Seed",
                 "metadata": {"name": "%s", "resourceVersion": "7"},
                 "spec": {"provider": {"type": "local", "region": "%s"}}}
                """.formatted(name, region));
    }

    @Test
    void theSameTreeIsDecodedOnce() throws Exception {
        DecodedRecords records = new DecodedRecords();
        JsonNode tree = seed("local", "eu");

        Seed first = records.decode(tree, Seed.class);

        assertThat(first.spec().provider().region()).isEqualTo("eu");
        assertThat(records.decode(tree, Seed.class)).isSameAs(first);
    }

    @Test
    void anUpdatedObjectIsANewTreeAndDecodedAnew() throws Exception {
        DecodedRecords records = new DecodedRecords();
        Seed before = records.decode(seed("local", "eu"), Seed.class);

        Seed after = records.decode(seed("local", "us"), Seed.class);
        Seed equalButNewTree = records.decode(seed("local", "us"), Seed.class);

        assertThat(before.spec().provider().region()).isEqualTo("eu");
        assertThat(after.spec().provider().region()).isEqualTo("us");
        assertThat(equalButNewTree).isNotSameAs(after).isEqualTo(after);
    }

    @Test
    void aRecordIsKeptAsLongAsItsTreeLives() throws Exception {
        DecodedRecords records = new DecodedRecords();
        List<JsonNode> held = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            held.add(seed("s" + i, "eu"));
        }
        List<Seed> first = held.stream().map(t -> records.decode(t, Seed.class)).toList();

        // a scan of more objects than any fixed bound: every record is found again
        for (int i = 0; i < held.size(); i++) {
            assertThat(records.decode(held.get(i), Seed.class)).isSameAs(first.get(i));
        }
        assertThat(records.size()).isEqualTo(500);

        // the cache dropped the trees (objects changed or deleted): their records go with them
        held.subList(100, 500).clear();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (records.size() > 100 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(records.size()).isEqualTo(100);
        assertThat(records.decode(held.get(99), Seed.class)).isSameAs(first.get(99));
    }
}
