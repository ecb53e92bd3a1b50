package cloud.gardener.apiserver.admission.plugins.shoot.exposureclass;

import static cloud.gardener.apiserver.admission.testing.Outcomes.acceptedAnsweringItsWrites;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootExposureClassTest {

    private static final GroupResource EXPOSURE_CLASSES = new GroupResource("core.gardener.cloud", "exposureclasses");

    private final ShootExposureClass plugin = new ShootExposureClass(new PluginContext(
            new InMemoryObjects()
                    .put(EXPOSURE_CLASSES, """
                    metadata: {name: internet}
                    handler: internet-handler
                    scheduling:
                      seedSelector:
                        matchLabels: {network: internet}
                        matchExpressions: [{key: zone, operator: In, values: [a]}]
                        providerTypes: [gcp, aws]
                      tolerations: [{key: exposure, value: internet}]
                    """)
                    .put(EXPOSURE_CLASSES, "{metadata: {name: plain}, handler: plain-handler}"),
            null,
            null,
            Clock.systemUTC()));

    /** A Shoot spec, the expected spec after admission (null: unchanged) or the expected rejection message. */
    record Case(String name, String spec, String expectedSpec, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String merged = """
                exposureClassName: internet
                seedSelector:
                  matchLabels: {network: internet, team: a}
                  matchExpressions: [{key: zone, operator: In, values: [a]}]
                  providerTypes: [aws, gcp]
                tolerations: [{key: mine}, {key: exposure, value: internet}]
                """;
        return Stream.of(
                new Case("no exposure class", "{seedSelector: {matchLabels: {a: b}}}", null, null),
                new Case("class without scheduling", "{exposureClassName: plain}", null, null),
                new Case("selector and tolerations are merged", """
                        exposureClassName: internet
                        seedSelector: {matchLabels: {team: a}, providerTypes: [aws]}
                        tolerations: [{key: mine}]
                        """, merged, null),
                new Case(
                        "same label with the same value is no conflict",
                        "{exposureClassName: internet, seedSelector: {matchLabels: {network: internet}}}",
                        """
                        exposureClassName: internet
                        seedSelector:
                          matchLabels: {network: internet}
                          matchExpressions: [{key: zone, operator: In, values: [a]}]
                          providerTypes: [aws, gcp]
                        tolerations: [{key: exposure, value: internet}]
                        """,
                        null),
                new Case(
                        "conflicting label",
                        "{exposureClassName: internet, seedSelector: {matchLabels: {network: lan}}}",
                        null,
                        "shoots.core.gardener.cloud \"s\" is forbidden: matching labels of the seed selector "
                                + "conflicts with the ones of referenced exposureclass"),
                new Case(
                        "conflicting toleration key",
                        "{exposureClassName: internet, tolerations: [{key: exposure}]}",
                        null,
                        "shoots.core.gardener.cloud \"s\" is forbidden: toleration with key \"exposure\" conflicts "
                                + "with the ones of referenced exposureclass"),
                new Case(
                        "missing class",
                        "{exposureClassName: nope}",
                        null,
                        "shoots.core.gardener.cloud \"s\" is forbidden: exposureclass.core.gardener.cloud \"nope\" not found"),
                new Case(
                        "empty class name",
                        "{exposureClassName: ''}",
                        null,
                        "shoots.core.gardener.cloud \"s\" is forbidden: exposureclass.core.gardener.cloud \"\" not found"),
                new Case(
                        "a handler named as class",
                        "{exposureClassName: plain-handler}",
                        null,
                        "shoots.core.gardener.cloud \"s\" is forbidden: exposureclass.core.gardener.cloud \"plain-handler\" "
                                + "not found"),
                new Case("null class name", "{exposureClassName: null}", null, null));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void admit(Case c) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: garden-dev}}");
        shoot.set("spec", object(c.spec()));
        ObjectNode before = shoot.deepCopy();
        Future<Mutation> result = plugin.admit(shootRequest(Operation.CREATE, "", shoot, null));
        if (c.message() != null) {
            ApiException e = rejection(result);
            assertThat(e.code()).isEqualTo(403);
            assertThat(e.getMessage()).isEqualTo(c.message());
            return;
        }
        // it writes only where it says it does
        acceptedAnsweringItsWrites(result, before, shoot);
        assertThat(shoot.path("spec")).isEqualTo(object(c.expectedSpec() == null ? c.spec() : c.expectedSpec()));
    }
}
