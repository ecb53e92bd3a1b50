package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MonitoringAuthorizerTest {

    private static final UserInfo PROMETHEUS = UserInfo.of("prometheus", List.of("system:monitoring"));

    private static Decision.Verdict decide(UserInfo user, String verb, String path) {
        return new MonitoringAuthorizer()
                .authorize(Attributes.forPath(user, verb, path))
                .result()
                .verdict();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/metrics", "/metrics/slis", "/livez", "/readyz/etcd", "/healthz/ping"})
    void theMonitoringGroupGetsMetricsAndHealth(String path) {
        assertThat(decide(PROMETHEUS, "get", path)).isEqualTo(Decision.Verdict.ALLOW);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/metricsx", "/version", "/apis", "/"})
    void nothingElse(String path) {
        assertThat(decide(PROMETHEUS, "get", path)).isEqualTo(Decision.Verdict.NO_OPINION);
    }

    @Test
    void onlyGetAndOnlyForTheGroup() {
        assertThat(decide(PROMETHEUS, "post", "/metrics")).isEqualTo(Decision.Verdict.NO_OPINION);
        assertThat(decide(UserInfo.of("alice", List.of("system:authenticated")), "get", "/metrics"))
                .isEqualTo(Decision.Verdict.NO_OPINION);
        Attributes resource = Attributes.forResource(PROMETHEUS, "get", "", "v1", "", "metrics", "", "", "/metrics");
        assertThat(new MonitoringAuthorizer().authorize(resource).result().verdict())
                .isEqualTo(Decision.Verdict.NO_OPINION);
    }

    /** A SelfSubjectRulesReview lists exactly what it allows, and is complete (not "unknown"). */
    @Test
    void listsItsRulesForTheGroupOnly() {
        RuleSet rules =
                new MonitoringAuthorizer().rulesFor(PROMETHEUS, "default").result();
        assertThat(rules.incomplete()).isFalse();
        assertThat(rules.nonResourceRules())
                .containsExactly(new NonResourceRule(
                        List.of("get"),
                        List.of(
                                "/healthz",
                                "/healthz/*",
                                "/livez",
                                "/livez/*",
                                "/metrics",
                                "/metrics/slis",
                                "/readyz",
                                "/readyz/*")));
        RuleSet others = new MonitoringAuthorizer()
                .rulesFor(UserInfo.of("alice", List.of("system:authenticated")), "default")
                .result();
        assertThat(others.incomplete()).isFalse();
        assertThat(others.nonResourceRules()).isEmpty();
    }
}
