package cloud.gardener.apiserver.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The text of a path is rendered on demand; it must read as the step-by-step text always did. */
class FieldPathTest {

    @Test
    void namesJoinWithDotsIndexesAndKeysInBrackets() {
        FieldPath workers = FieldPath.of("spec", "provider", "workers");
        assertThat(workers.index(0).child("labels").key("a/b")).hasToString("spec.provider.workers[0].labels[a/b]");
        assertThat(FieldPath.of("spec").child("kubernetes", "kubelet").child("featureGates"))
                .hasToString("spec.kubernetes.kubelet.featureGates");
        assertThat(FieldPath.of("items").index(3).index(12)).hasToString("items[3][12]");
    }

    @Test
    void keysAreWrittenAsTheyAreEvenWithDotsAndBrackets() {
        FieldPath annotations = FieldPath.of("metadata", "annotations");
        assertThat(annotations.key("gardener.cloud/operation"))
                .hasToString("metadata.annotations[gardener.cloud/operation]");
        assertThat(annotations.key("a[0].b]").child("c")).hasToString("metadata.annotations[a[0].b]].c");
        assertThat(annotations.key("")).hasToString("metadata.annotations[]");
    }

    @Test
    void aNameGetsNoDotWhenNothingPrecedesIt() {
        assertThat(FieldPath.of("").child("spec")).hasToString("spec");
        assertThat(FieldPath.of("", "spec", "x")).hasToString("spec.x");
        // an empty name still takes its dot once something precedes it
        assertThat(FieldPath.of("spec").child("", "x")).hasToString("spec..x");
        assertThat(FieldPath.of("").index(1).child("x")).hasToString("[1].x");
        assertThat(FieldPath.of("a.b").child("c.d")).hasToString("a.b.c.d");
    }

    @Test
    void aParentRenderedFirstGivesItsChildrenTheSameText() {
        FieldPath spec = FieldPath.of("spec", "extensions");
        assertThat(spec).hasToString("spec.extensions");
        FieldPath type = spec.index(2).child("type");
        assertThat(type).hasToString("spec.extensions[2].type");
        assertThat(type.toString()).isSameAs(type.toString());
        assertThat(spec).hasToString("spec.extensions");
    }

    @Test
    void pathsAreEqualByTheirText() {
        assertThat(FieldPath.of("spec", "a"))
                .isEqualTo(FieldPath.of("spec").child("a"))
                .hasSameHashCodeAs(FieldPath.of("spec").child("a"))
                .isNotEqualTo(FieldPath.of("spec").key("a"));
        assertThat(FieldPath.of("a.b")).isEqualTo(FieldPath.of("a", "b"));
    }
}
