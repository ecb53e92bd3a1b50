package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FeatureGatesTest {

    @Test
    void gatesKeepTheirDefaultsUntilSet() {
        FeatureGates defaults = FeatureGates.defaults();
        assertThat(defaults.enabled("LiveControlPlaneMigration")).isFalse();
        assertThat(defaults.enabled("CloudProfileCapabilities")).isTrue();
        FeatureGates set =
                FeatureGates.parse(List.of("LiveControlPlaneMigration=true", " CloudProfileCapabilities = F "));
        assertThat(set.enabled("LiveControlPlaneMigration")).isTrue();
        assertThat(set.enabled("CloudProfileCapabilities")).isFalse();
        assertThat(set.all()).containsEntry("InPlaceNodeUpdates", false).hasSize(5);
    }

    @Test
    void gatesSetAwayFromTheirDefaultThatNothingHonoursAreNamed() {
        FeatureGates set = FeatureGates.parse(List.of(
                "LiveControlPlaneMigration=true",
                "InPlaceNodeUpdates=true",
                "CloudProfileCapabilities=true",
                "VersionClassificationLifecycle=1"));
        assertThat(set.setButNotHonoured()).containsExactly("InPlaceNodeUpdates", "VersionClassificationLifecycle");
        assertThat(FeatureGates.defaults().setButNotHonoured()).isEmpty();
    }

    @Test
    void theFlagIsCheckedAsComponentBaseChecksIt() {
        assertThatThrownBy(() -> FeatureGates.parse(List.of("NoSuchGate=true")))
                .hasMessage("unrecognized feature gate: NoSuchGate");
        assertThatThrownBy(() -> FeatureGates.parse(List.of("LiveControlPlaneMigration=yes")))
                .hasMessage("invalid value of LiveControlPlaneMigration=yes, err: strconv.ParseBool: parsing \"yes\": "
                        + "invalid syntax");
        assertThatThrownBy(() -> FeatureGates.parse(List.of("LiveControlPlaneMigration")))
                .hasMessage("missing bool value for LiveControlPlaneMigration");
        assertThat(FeatureGates.parse(List.of("")).overrides()).isEmpty();
    }

    @Test
    void goBooleansAreGosSpellings() {
        for (String t : List.of("1", "t", "T", "TRUE", "true", "True")) {
            assertThat(GoBool.parse(t)).as(t).isTrue();
        }
        for (String f : List.of("0", "f", "F", "FALSE", "false", "False")) {
            assertThat(GoBool.parse(f)).as(f).isFalse();
        }
        assertThat(GoBool.parse("tRuE")).isNull();
        assertThat(GoBool.isTrue("yes")).isFalse();
    }
}
