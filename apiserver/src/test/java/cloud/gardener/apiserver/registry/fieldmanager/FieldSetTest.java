package cloud.gardener.apiserver.registry.fieldmanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldSetTest {

    private static final FieldPath REGION = FieldPath.fields("spec", "region");
    private static final FieldPath SPEC = FieldPath.fields("spec");
    private static final FieldPath LABEL_A = FieldPath.fields("metadata", "labels", "a");
    private static final FieldPath POOL = FieldPath.fields("spec", "workers")
            .child(PathElement.key(List.of(new PathElement.KeyField("name", TextNode.valueOf("pool")))));

    private static JsonNode json(String s) {
        return Json.readTree(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aParentIsNotImpliedByItsChildren() {
        FieldSet s = FieldSet.of(REGION);
        assertThat(s.has(REGION)).isTrue();
        assertThat(s.has(SPEC)).isFalse();
        assertThat(s.isEmpty()).isFalse();
        assertThat(new FieldSet().isEmpty()).isTrue();
    }

    @Test
    void unionIntersectionAndDifferenceWorkOnExactPaths() {
        FieldSet a = FieldSet.of(REGION, LABEL_A, SPEC);
        FieldSet b = FieldSet.of(REGION, POOL);
        assertThat(a.union(b).paths()).containsExactlyInAnyOrder(REGION, LABEL_A, SPEC, POOL);
        assertThat(a.intersection(b).paths()).containsExactly(REGION);
        assertThat(a.difference(b).paths()).containsExactlyInAnyOrder(LABEL_A, SPEC);
        // removing a parent member leaves its children
        assertThat(a.difference(FieldSet.of(SPEC)).paths()).containsExactlyInAnyOrder(REGION, LABEL_A);
        assertThat(a.difference(a).isEmpty()).isTrue();
        // the operands are unchanged
        assertThat(a.paths()).hasSize(3);
    }

    @Test
    void setsSharedByAnOperationsAnswerStayTheOperandsOwn() {
        FieldPath purpose = FieldPath.fields("spec", "purpose");
        FieldPath phase = FieldPath.fields("status", "phase");
        FieldPath conditions = FieldPath.fields("status", "conditions");
        FieldSet a = FieldSet.of(REGION, LABEL_A);
        FieldSet b = FieldSet.of(purpose, POOL, phase);
        FieldSet union = a.union(b);
        assertThat(union.paths()).containsExactlyInAnyOrder(REGION, LABEL_A, purpose, POOL, phase);
        // operations on the answer (which shares b's status and a's metadata sets) answer sets of their own
        FieldSet later = union.difference(FieldSet.of(phase, REGION)).union(FieldSet.of(conditions, LABEL_A));
        assertThat(later.paths()).containsExactlyInAnyOrder(LABEL_A, purpose, POOL, conditions);
        assertThat(union.paths()).containsExactlyInAnyOrder(REGION, LABEL_A, purpose, POOL, phase);
        assertThat(a.paths()).containsExactlyInAnyOrder(REGION, LABEL_A);
        assertThat(b.paths()).containsExactlyInAnyOrder(purpose, POOL, phase);
        assertThat(a.union(new FieldSet()).paths()).containsExactlyInAnyOrder(REGION, LABEL_A);
        assertThat(new FieldSet().union(b).paths()).containsExactlyInAnyOrder(purpose, POOL, phase);
    }

    @Test
    void pathsIterateMembersBeforeChildrenInOrder() {
        FieldSet s = FieldSet.of(REGION, FieldPath.fields("spec", "purpose"), SPEC, LABEL_A);
        assertThat(s.paths()).containsExactly(SPEC, LABEL_A, FieldPath.fields("spec", "purpose"), REGION);
        assertThat(POOL.toString()).isEqualTo(".spec.workers[name=\"pool\"]");
        assertThat(FieldPath.of(PathElement.field("f"), PathElement.value(TextNode.valueOf("x")), PathElement.index(2))
                        .toString())
                .isEqualTo(".f[=\"x\"][2]");
    }

    @Test
    void fieldsV1RoundTripsWithDotForElementsThatAreAlsoParents() {
        FieldSet s = FieldSet.of(
                LABEL_A,
                POOL,
                POOL.child(PathElement.field("name")),
                FieldPath.fields("metadata", "finalizers").child(PathElement.value(TextNode.valueOf("x/y"))));
        JsonNode v1 = s.toFieldsV1();
        assertThat(Json.toJson(v1))
                .isEqualTo("{\"f:metadata\":{\"f:finalizers\":{\"v:\\\"x/y\\\"\":{}},"
                        + "\"f:labels\":{\"f:a\":{}}},\"f:spec\":{\"f:workers\":{\"k:{\\\"name\\\":\\\"pool\\\"}\":"
                        + "{\".\":{},\"f:name\":{}}}}}");
        assertThat(FieldSet.fromFieldsV1(v1)).isEqualTo(s);
    }

    @Test
    void keysSortTheirFieldsAndCompareByValue() {
        PathElement ab = PathElement.deserialize("k:{\"b\":1,\"a\":\"x\"}");
        assertThat(ab.serialize()).isEqualTo("k:{\"a\":\"x\",\"b\":1}");
        assertThat(ab.toString()).isEqualTo("[a=\"x\",b=1]");
        assertThat(PathElement.deserialize("v:1").compareTo(PathElement.deserialize("v:\"1\"")))
                .isNegative();
        assertThat(PathElement.deserialize("f:z").compareTo(PathElement.deserialize("k:{\"a\":1}")))
                .isNegative();
        assertThat(PathElement.deserialize("i:3").index()).isEqualTo(3);
    }

    @Test
    void malformedFieldsV1IsRejected() {
        assertThatThrownBy(() -> FieldSet.fromFieldsV1(json("{\"x:a\":{}}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FieldSet.fromFieldsV1(json("{\"fa\":{}}"))).hasMessageContaining("missing colon");
        assertThatThrownBy(() -> FieldSet.fromFieldsV1(json("{\"f:a\":1}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FieldSet.fromFieldsV1(json("[]"))).isInstanceOf(IllegalArgumentException.class);
    }
}
