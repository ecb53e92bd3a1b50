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

    @Test
    void aCidrParsedAgainIsTheSameAnswer() {
        for (int round = 0; round < 2; round++) {
            assertThat(Cidr.isValid("10.250.0.0/16")).isTrue();
            assertThat(Cidr.isValid("10.250.0.0/33")).isFalse();
            assertThat(Cidr.of("10.250.0.1/16", FieldPath.of("f")).validateIsCanonical())
                    .extracting(FieldError::toString)
                    .containsExactly("f: Invalid value: \"10.250.0.1/16\": must be valid canonical CIDR");
            assertThat(Cidr.of("10.250.0.0/16", FieldPath.of("f")).networkIp()).isEqualTo("10.250.0.0");
            assertThat(Cidr.intersect("10.250.0.0/16", "10.250.3.0/24")).isTrue();
            assertThat(Cidr.intersect("10.250.0.0/16", "10.251.0.0/16")).isFalse();
        }
    }

    @Test
    void theParsesKeptAreBounded() {
        for (int i = 0; i < 3000; i++) {
            String cidr = "10." + (i / 256) + "." + (i % 256) + ".0/24";
            assertThat(Cidr.isValid(cidr)).isTrue();
            assertThat(Cidr.parsedKept()).isLessThanOrEqualTo(1024);
        }
        assertThat(Cidr.intersect("10.0.1.0/24", "10.0.1.128/25")).isTrue();
    }

    @Test
    void reservedRangesAsGardenerNamesThem() {
        assertThat(Cidr.validateNotReserved(Cidr.of("240.1.0.0/16", FieldPath.of("spec", "networking", "pods")), "pod"))
                .extracting(FieldError::toString)
                .containsExactly("spec.networking.pods: Invalid value: \"240.1.0.0/16\": pod network intersects with "
                        + "reserved kube-apiserver mapping range (240.0.0.0/8)");
        assertThat(Cidr.validateNotReserved(Cidr.of("240.0.0.0/4", FieldPath.of("f")), "node"))
                .extracting(FieldError::toString)
                .containsExactly(
                        "f: Invalid value: \"240.0.0.0/4\": node network intersects with reserved kube-apiserver "
                                + "mapping range (240.0.0.0/8)",
                        "f: Invalid value: \"240.0.0.0/4\": node network intersects with reserved seed pod network "
                                + "mapping range (241.0.0.0/8)",
                        "f: Invalid value: \"240.0.0.0/4\": node network intersects with reserved shoot node network "
                                + "mapping range (242.0.0.0/8)",
                        "f: Invalid value: \"240.0.0.0/4\": node network intersects with reserved shoot service "
                                + "network mapping range (243.0.0.0/8)",
                        "f: Invalid value: \"240.0.0.0/4\": node network intersects with reserved shoot pod network "
                                + "mapping range (244.0.0.0/8)");
        assertThat(Cidr.validateNotReserved(Cidr.of("fd8f:6d53:b97a:1::/64", FieldPath.of("f")), "service"))
                .extracting(FieldError::toString)
                .containsExactly("f: Invalid value: \"fd8f:6d53:b97a:1::/64\": service network intersects with "
                        + "default vpn network (fd8f:6d53:b97a:1::/96)");
        assertThat(Cidr.validateNotReserved(Cidr.of("240.0.0.0", FieldPath.of("f")), "pod"))
                .isEmpty();
        assertThat(Cidr.validateNotReserved(Cidr.of("10.0.0.0/8", FieldPath.of("f")), "pod"))
                .isEmpty();
    }
}
