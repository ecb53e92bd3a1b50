package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardCronSpecTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "00 20 * * 1,2,3,4,5",
                "*/5 * * * *",
                "5/10 * * * *",
                "0 8 1 JAN-mar mon-fri",
                "0 8 ? * *",
                "1,,2 * * * *",
                "*-5 * * * *",
                "*/60 * * * *",
                "  0 20 * * *  ",
                "@daily",
                "@every 1h30m"
            })
    void acceptsWhatRobfigParseStandardAccepts(String spec) {
        assertThat(StandardCronSpec.problem(spec)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "60 * * * *",
                "* * 0 * *",
                "* * * * 7",
                "*/0 * * * *",
                "5-2 * * * *",
                "* * L * *",
                "* * * * 1#2",
                "0 0 * * mon-sun",
                "1/2/3 * * * *"
            })
    void rejectsBadFields(String spec) {
        assertThat(StandardCronSpec.problem(spec)).isPresent();
    }

    @org.junit.jupiter.api.Test
    void keepsGardenersTextsForShapeAndDescriptors() {
        assertThat(StandardCronSpec.problem("")).contains("Empty spec string");
        assertThat(StandardCronSpec.problem("0 20 * * * *"))
                .contains("Expected exactly 5 fields, found 6: 0 20 * * * *");
        assertThat(StandardCronSpec.problem("@reboot")).contains("Unrecognized descriptor: @reboot");
        assertThat(StandardCronSpec.problem("@daily ")).contains("Unrecognized descriptor: @daily ");
        assertThat(StandardCronSpec.problem("@every x"))
                .contains("Failed to parse duration @every x: time: invalid duration \"x\"");
    }
}
