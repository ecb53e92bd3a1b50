package cloud.gardener.apiserver.admission.plugins.support;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.Requests;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class SemanticEqualityTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void numbersAreEqualByValueWhateverTheirNodeType() {
        ObjectNode ints = Requests.object("{a: {b: 300, c: [8]}}");
        ObjectNode longs = NODES.objectNode();
        longs.putObject("a").put("b", 300L).putArray("c").add(8L);
        assertThat(ints.equals(longs)).as("Jackson's own equality").isFalse();
        assertThat(SemanticEquality.equal(ints, longs)).isTrue();
        assertThat(SemanticEquality.equal(NODES.numberNode(0.5), NODES.numberNode(new java.math.BigDecimal("0.50"))))
                .isTrue();
        assertThat(SemanticEquality.equal(NODES.numberNode(300), NODES.numberNode(301L)))
                .isFalse();
        assertThat(SemanticEquality.equal(NODES.numberNode(1), NODES.textNode("1")))
                .isFalse();
    }

    @Test
    void emptyAndMissingAreTheSame() {
        assertThat(SemanticEquality.equal(Requests.object("{a: [], b: {}, c: 1}"), Requests.object("{c: 1}")))
                .isTrue();
        assertThat(SemanticEquality.equal(Requests.object("{a: [1]}"), Requests.object("{}")))
                .isFalse();
    }
}
