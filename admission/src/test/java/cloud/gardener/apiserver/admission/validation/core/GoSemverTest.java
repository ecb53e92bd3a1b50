package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GoSemverTest {

    @Test
    void readsVersionsAsMastermindsNewVersion() {
        assertThat(GoSemver.newVersion("v1.33").toString()).isEqualTo("1.33.0");
        assertThat(GoSemver.newVersion("1.01.0").toString()).isEqualTo("1.1.0"); // leading zeros are coerced
        assertThatThrownBy(() -> GoSemver.newVersion("1.2.3.4")).hasMessage("invalid semantic version");
        assertThatThrownBy(() -> GoSemver.newVersion("1.2.3-01")).hasMessage("version segment starts with 0");
        assertThatThrownBy(() -> GoSemver.newVersion("99999999999999999999"))
                .hasMessage(
                        "error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range");
    }

    @Test
    void comparesAsVersionutilsCompareVersions() {
        assertThat(GoSemver.compareVersions("v1.33.2", "<", "1.33.10")).isTrue();
        assertThat(GoSemver.compareVersions("1.33.2-rc.1", "<", "1.33.2")).isFalse(); // both normalized
        assertThat(GoSemver.compareVersions("1.34.1", ">", "1.34")).isFalse(); // ">1.34" means from 1.35 on
        assertThat(GoSemver.compareVersions("1.35.0", ">", "1.34")).isTrue();
        assertThatThrownBy(() -> GoSemver.compareVersions("1.2.3", "<", "")).hasMessage("improper constraint: \"< \"");
        assertThatThrownBy(() -> GoSemver.compareVersions("abc", "<", "1.2.3")).hasMessage("invalid semantic version");
    }

    @Test
    void kubernetesConstraintsIncludePreReleases() {
        assertThat(GoSemver.atLeast("1.34.0-alpha.1", 1, 34)).isTrue();
        assertThat(GoSemver.atLeast("1.33.9", 1, 34)).isFalse();
        assertThat(GoSemver.below("1.35.0-rc.1", 1, 35)).isFalse();
        assertThat(GoSemver.below("nonsense", 1, 35)).isFalse();
        assertThat(GoSemver.incMinor(GoSemver.newVersion("1.33.2-rc.1+b")).toString())
                .isEqualTo("1.34.0");
    }

    @Test
    void constraintErrorsQuoteTheBadSegment() {
        assertThat(GoSemver.constraintError(">= 1.20, < 1.30 || 2.x")).isNull();
        assertThat(GoSemver.constraintError("1.2 - 1.4")).isNull();
        assertThat(GoSemver.constraintError("> 1.2 || !1")).isEqualTo("improper constraint: \" !1\"");
        assertThat(GoSemver.constraintError(">= 1|2")).isEqualTo("constraint parser error");
    }

    @Test
    void aTextParsedAgainIsTheSameAnswerAndError() {
        for (int round = 0; round < 2; round++) {
            assertThat(GoSemver.newVersion("v1.31.4").toString()).isEqualTo("1.31.4");
            assertThat(GoSemver.parse("1.31.x")).isNull();
            assertThatThrownBy(() -> GoSemver.newVersion("1.2.3-01")).hasMessage("version segment starts with 0");
            assertThatThrownBy(() -> GoSemver.newVersion(null)).hasMessage("invalid semantic version");
            assertThat(GoSemver.compareVersions("1.31.4", "<", "1.31.10")).isTrue();
            assertThat(GoSemver.compareVersions("1.31.11", "<", "1.31.10")).isFalse();
            assertThat(GoSemver.satisfies(">= 1.30, < 1.32", GoSemver.newVersion("1.31.4")))
                    .isTrue();
            assertThat(GoSemver.satisfies(">= 1.30, < 1.32", GoSemver.newVersion("1.32.0")))
                    .isFalse();
            assertThat(GoSemver.constraintError("> 1.2 || !1")).isEqualTo("improper constraint: \" !1\"");
            assertThat(GoSemver.atLeast("1.34.0", 1, 34)).isTrue();
            assertThat(GoSemver.below("1.34.0", 1, 34)).isFalse();
        }
    }

    @Test
    void theParsesKeptAreBounded() {
        for (int i = 0; i < 3000; i++) {
            assertThat(GoSemver.newVersion("1." + i + ".0").getMinor()).isEqualTo(i);
            assertThat(GoSemver.satisfies(">= 1." + i, GoSemver.newVersion("1." + i + ".1")))
                    .isTrue();
            assertThat(GoSemver.kept()).isLessThanOrEqualTo(1024);
        }
    }
}
