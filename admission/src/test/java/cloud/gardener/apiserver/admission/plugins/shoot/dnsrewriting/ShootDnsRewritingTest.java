package cloud.gardener.apiserver.admission.plugins.shoot.dnsrewriting;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootDnsRewritingTest {

    private static ShootDnsRewriting plugin(String suffixes) {
        ObjectNode config = suffixes == null ? null : object("""
                apiVersion: shootdnsrewriting.admission.gardener.cloud/v1alpha1
                kind: Configuration
                commonSuffixes: %s
                """.formatted(suffixes));
        return new ShootDnsRewriting(new PluginContext(new InMemoryObjects(), null, config, Clock.systemUTC()));
    }

    /** Configured suffixes, a Shoot spec on create and the spec expected after admission. */
    record Case(String name, String suffixes, String spec, String expectedSpec) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("no configuration changes nothing", null, "{region: r}", "{region: r}"),
                new Case(
                        "suffixes are added",
                        "[gardener.cloud, .github.com]",
                        "{region: r}",
                        "{region: r, systemComponents: {coreDNS: {rewriting: {commonSuffixes: [gardener.cloud, .github.com]}}}}"),
                new Case(
                        "suffixes are appended to the Shoot's own",
                        "[gardener.cloud]",
                        "{systemComponents: {coreDNS: {rewriting: {commonSuffixes: [example.com]}}}}",
                        "{systemComponents: {coreDNS: {rewriting: {commonSuffixes: [example.com, gardener.cloud]}}}}"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void admit(Case c) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: ns}}");
        shoot.set("spec", object(c.spec()));
        accepted(plugin(c.suffixes()).admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(shoot.path("spec")).isEqualTo(object(c.expectedSpec()));
    }

    @Test
    void invalidSuffixesAreRejectedWhenThePluginIsBuilt() {
        assertThatThrownBy(() -> plugin("[com]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "commonSuffixes[0]: Invalid value: \"com\": must contain at least one non-leading dot");
        assertThatThrownBy(() -> plugin("[a.com, .a.com]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("commonSuffixes[1]: Duplicate value: \"a.com\"");
        assertThatThrownBy(() -> plugin("[a_b.com]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be a valid DNS subdomain");
    }
}
