package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
        DecodedRecords records = new DecodedRecords(4);
        JsonNode tree = seed("local", "eu");

        Seed first = records.decode(tree, Seed.class);

        assertThat(first.spec().provider().region()).isEqualTo("eu");
        assertThat(records.decode(tree, Seed.class)).isSameAs(first);
    }

    @Test
    void anUpdatedObjectIsANewTreeAndDecodedAnew() throws Exception {
        DecodedRecords records = new DecodedRecords(4);
        Seed before = records.decode(seed("local", "eu"), Seed.class);

        Seed after = records.decode(seed("local", "us"), Seed.class);
        Seed equalButNewTree = records.decode(seed("local", "us"), Seed.class);

        assertThat(before.spec().provider().region()).isEqualTo("eu");
        assertThat(after.spec().provider().region()).isEqualTo("us");
        assertThat(equalButNewTree).isNotSameAs(after).isEqualTo(after);
    }

    @Test
    void onlyTheMostRecentTreesAreKept() throws Exception {
        DecodedRecords records = new DecodedRecords(2);
        JsonNode deleted = seed("gone", "eu");
        Seed old = records.decode(deleted, Seed.class);

        records.decode(seed("a", "eu"), Seed.class);
        records.decode(seed("b", "eu"), Seed.class);

        assertThat(records.size()).isEqualTo(2);
        assertThat(records.decode(deleted, Seed.class)).isNotSameAs(old).isEqualTo(old);
    }
}
