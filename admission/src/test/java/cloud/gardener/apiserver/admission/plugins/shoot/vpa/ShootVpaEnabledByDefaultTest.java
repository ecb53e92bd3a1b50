package cloud.gardener.apiserver.admission.plugins.shoot.vpa;

import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootVpaEnabledByDefaultTest {

    private final ShootVpaEnabledByDefault plugin =
            new ShootVpaEnabledByDefault(new PluginContext(new InMemoryObjects(), null, null, Clock.systemUTC()));

    /** A request and the {@code spec.kubernetes} expected after admission. */
    record Case(String name, Operation operation, String subresource, String spec, String expectedKubernetes) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String workers = "provider: {workers: [{name: w}]}, ";
        return Stream.of(
                new Case(
                        "create with workers enables VPA",
                        Operation.CREATE,
                        "",
                        "{" + workers + "kubernetes: {version: 1.31.1}}",
                        "{version: 1.31.1, verticalPodAutoscaler: {enabled: true}}"),
                new Case(
                        "an explicit choice is kept",
                        Operation.CREATE,
                        "",
                        "{" + workers + "kubernetes: {verticalPodAutoscaler: {enabled: false}}}",
                        "{verticalPodAutoscaler: {enabled: false}}"),
                new Case(
                        "workerless shoots get nothing",
                        Operation.CREATE,
                        "",
                        "{kubernetes: {version: 1.31.1}}",
                        "{version: 1.31.1}"),
                new Case("updates get nothing", Operation.UPDATE, "", "{" + workers + "kubernetes: {}}", "{}"),
                new Case(
                        "subresources get nothing",
                        Operation.CREATE,
                        "binding",
                        "{" + workers + "kubernetes: {}}",
                        "{}"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void admit(Case c) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: ns}}");
        shoot.set("spec", object(c.spec()));
        ObjectNode old = c.operation() == Operation.UPDATE ? shoot.deepCopy() : null;
        ObjectNode before = shoot.deepCopy();
        if (plugin.handles(c.operation())) {
            Mutation answer = Outcomes.acceptedAnsweringItsWrites(
                    plugin.admit(shootRequest(c.operation(), c.subresource(), shoot, old)), before, shoot);
            // it writes exactly where it enables VPA
            assertThat(answer != Mutation.NONE).isEqualTo(!shoot.equals(before));
        }
        assertThat(shoot.path("spec").path("kubernetes")).isEqualTo(object(c.expectedKubernetes()));
    }
}
