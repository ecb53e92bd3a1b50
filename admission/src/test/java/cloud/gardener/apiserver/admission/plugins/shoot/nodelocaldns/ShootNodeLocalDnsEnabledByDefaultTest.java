package cloud.gardener.apiserver.admission.plugins.shoot.nodelocaldns;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootNodeLocalDnsEnabledByDefaultTest {

    private final ShootNodeLocalDnsEnabledByDefault plugin = new ShootNodeLocalDnsEnabledByDefault(
            new PluginContext(new InMemoryObjects(), null, null, Clock.systemUTC()));

    /** A Shoot spec on create and the spec expected after admission. */
    record Case(String name, String spec, String expectedSpec) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String workers = "provider: {workers: [{name: w}]}";
        return Stream.of(
                new Case(
                        "workers without a choice get node-local DNS",
                        "{" + workers + "}",
                        "{" + workers + ", systemComponents: {nodeLocalDNS: {enabled: true}}}"),
                new Case(
                        "an explicit choice is kept",
                        "{" + workers + ", systemComponents: {nodeLocalDNS: {enabled: false}}}",
                        "{" + workers + ", systemComponents: {nodeLocalDNS: {enabled: false}}}"),
                new Case(
                        "other system components are kept",
                        "{" + workers + ", systemComponents: {coreDNS: {}}}",
                        "{" + workers + ", systemComponents: {coreDNS: {}, nodeLocalDNS: {enabled: true}}}"),
                new Case("workerless shoots get nothing", "{region: r}", "{region: r}"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void admit(Case c) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: ns}}");
        shoot.set("spec", object(c.spec()));
        accepted(plugin.admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(shoot.path("spec")).isEqualTo(object(c.expectedSpec()));
        assertThat(plugin.handles(Operation.UPDATE)).isFalse();
    }
}
