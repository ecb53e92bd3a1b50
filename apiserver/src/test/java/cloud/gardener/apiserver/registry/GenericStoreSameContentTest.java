package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An update's "nothing changed" judgement compares without copying: the same as comparing copies without
 * {@code metadata.resourceVersion}, as it did before, for every pair of the stored-form samples and a few made-up ones.
 */
class GenericStoreSameContentTest {

    @Test
    void theJudgementIsTheCopiesOne() throws Exception {
        List<ObjectNode> samples = new ArrayList<>(StoredFormSamples.all().subList(0, 120));
        for (String made : List.of(
                "{\"kind\":\"A\",\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"1\"},\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"2\"},\"spec\":{\"n\":1.0}}",
                "{\"kind\":\"A\",\"metadata\":{\"resourceVersion\":\"2\",\"name\":\"a\"},\"spec\":{\"n\":1.0}}",
                "{\"kind\":\"A\",\"metadata\":{\"name\":\"a\"},\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":{\"name\":\"a\",\"uid\":\"u\"},\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":{},\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":null,\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":{\"resourceVersion\":\"9\"},\"spec\":{\"n\":1}}",
                "{\"kind\":\"A\",\"metadata\":{\"resourceVersion\":\"9\"},\"status\":{\"n\":1}}")) {
            samples.add((ObjectNode) Json.readTree(made.getBytes(StandardCharsets.UTF_8)));
        }
        int same = 0;
        for (ObjectNode a : samples) {
            for (ObjectNode b : samples) {
                boolean expected = copiesCompared(a, b);
                ObjectNode aBefore = a.deepCopy();
                assertThat(GenericStore.sameContent(a, b)).as("%s vs %s", a, b).isEqualTo(expected);
                assertThat(a).isEqualTo(aBefore);
                same += expected ? 1 : 0;
            }
        }
        assertThat(same).as("pairs judged the same").isGreaterThan(samples.size());
    }

    /** The judgement as it was made before: copies without the resourceVersion, compared. */
    private static boolean copiesCompared(ObjectNode a, ObjectNode b) {
        ObjectNode x = a.deepCopy();
        ObjectNode y = b.deepCopy();
        ObjectTrees.meta(x).remove("resourceVersion");
        ObjectTrees.meta(y).remove("resourceVersion");
        return ObjectTrees.sameJson(x, y);
    }
}
