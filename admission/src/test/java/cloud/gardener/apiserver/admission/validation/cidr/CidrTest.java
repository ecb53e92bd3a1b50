package cloud.gardener.apiserver.admission.validation.cidr;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CidrTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "010.0.0.0/8",
                "10/8",
                "10.0.0/8",
                "10.0.0.0/33",
                " 1.2.3.4/32",
                "fe80::1%eth0/64",
                "00001::/64",
                "1:2:3:4:5:6:7::8/64",
                "1.2.3.4",
                "1.2.3.4/+3",
                ""
            })
    void rejectsWhatGoParseCidrRejects(String cidr) {
        assertThat(Cidr.isValid(cidr)).isFalse();
        assertThat(Cidr.of(cidr, FieldPath.of("f")).validateParse())
                .extracting(FieldError::toString)
                .containsExactly("f: Invalid value: \"" + cidr + "\": invalid CIDR address: " + cidr);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"10.0.0.0/8", "10.0.0.0/0008", "0001::/64", "::ffff:10.0.0.0/104", "1:2:3:4:5:6:1.2.3.4/96"})
    void acceptsWhatGoParseCidrAccepts(String cidr) {
        assertThat(Cidr.isValid(cidr)).isTrue();
    }

    @Test
    void familyAndCanonicalFormAsGardenerChecksThem() {
        assertThat(Cidr.of("::ffff:10.0.0.0/104", FieldPath.of("f")).validateIPFamily("IPv4"))
                .isEmpty();
        assertThat(Cidr.of("fd00::1/64", FieldPath.of("f")).validateIPFamily("IPv4"))
                .extracting(FieldError::toString)
                .containsExactly("f: Invalid value: \"fd00::\": must be a valid IPv4 address");
        assertThat(Cidr.of("100.64.0.1/13", FieldPath.of("f")).validateIsCanonical())
                .extracting(FieldError::toString)
                .containsExactly("f: Invalid value: \"100.64.0.1/13\": must be valid canonical CIDR");
        assertThat(Cidr.of("100.64.0.0/13", FieldPath.of("f")).validateIsCanonical())
                .isEmpty();
    }
}
