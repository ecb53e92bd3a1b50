package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The first matching rule decides, every non-empty list of a rule must match (k8s.io/apiserver's policy checker). */
class AuditPolicyTest {

    private static final UserInfo ALICE = UserInfo.of("alice", List.of("devs", "system:authenticated"));
    private static final UserInfo GARDENLET =
            UserInfo.of("gardener.cloud:system:seed:aws", List.of("gardener.cloud:system:seeds"));

    private static RequestInfo resource(
            String verb, String group, String namespace, String resource, String subresource, String name) {
        return new RequestInfo(
                true,
                "/apis/x",
                verb,
                "apis",
                group,
                "v1beta1",
                namespace,
                resource,
                subresource,
                name,
                List.of(),
                "",
                "");
    }

    private static AuditPolicy policy(String yaml) throws Exception {
        return AuditPolicy.parse(Json.YAML.readTree(yaml));
    }

    private static final String RULE_HEAD = "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n";

    static Stream<Arguments> rules() {
        return Stream.of(
                // rule, user, request, matches
                Arguments.of(
                        "{level: Metadata}",
                        ALICE,
                        resource("get", "core.gardener.cloud", "garden-dev", "shoots", "", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, users: [bob]}", ALICE, resource("get", "", "", "namespaces", "", ""), false),
                Arguments.of(
                        "{level: Metadata, users: [alice]}",
                        ALICE,
                        resource("get", "", "", "namespaces", "", ""),
                        true),
                Arguments.of(
                        "{level: Metadata, userGroups: [devs]}",
                        ALICE,
                        RequestInfo.nonResource("/version", "GET"),
                        true),
                Arguments.of(
                        "{level: Metadata, userGroups: ['gardener.cloud:system:seeds']}",
                        ALICE,
                        RequestInfo.nonResource("/version", "GET"),
                        false),
                Arguments.of(
                        "{level: Metadata, verbs: [create, update]}",
                        ALICE,
                        resource("watch", "", "", "secrets", "", ""),
                        false),
                Arguments.of(
                        "{level: Metadata, verbs: [watch]}", ALICE, resource("watch", "", "", "secrets", "", ""), true),
                // the core group is "", a resource rule never matches a non-resource URL
                Arguments.of(
                        "{level: Metadata, resources: [{group: ''}]}",
                        ALICE,
                        resource("get", "", "ns", "secrets", "", "s"),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: ''}]}",
                        ALICE,
                        resource("get", "core.gardener.cloud", "ns", "shoots", "", "s"),
                        false),
                Arguments.of(
                        "{level: Metadata, resources: [{group: ''}]}",
                        ALICE,
                        RequestInfo.nonResource("/api", "GET"),
                        false),
                Arguments.of(
                        "{level: Metadata, resources: [{group: '', resources: [secrets]}]}",
                        ALICE,
                        resource("list", "", "ns", "secrets", "", ""),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: '', resources: [secrets]}]}",
                        ALICE,
                        resource("list", "", "ns", "configmaps", "", ""),
                        false),
                // subresources: exact, '*' suffix, '*/status' prefix forms
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: [shoots]}]}",
                        ALICE,
                        resource("update", "core.gardener.cloud", "ns", "shoots", "status", "a"),
                        false),
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: [shoots/status]}]}",
                        ALICE,
                        resource("update", "core.gardener.cloud", "ns", "shoots", "status", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: ['shoots/*']}]}",
                        ALICE,
                        resource("create", "core.gardener.cloud", "ns", "shoots", "adminkubeconfig", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: ['*/status']}]}",
                        ALICE,
                        resource("update", "core.gardener.cloud", "", "seeds", "status", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: ['*/status']}]}",
                        ALICE,
                        resource("update", "core.gardener.cloud", "", "seeds", "", "a"),
                        false),
                Arguments.of(
                        "{level: Metadata, resources: [{group: core.gardener.cloud, resources: ['*']}]}",
                        ALICE,
                        resource("update", "core.gardener.cloud", "", "seeds", "", "a"),
                        true),
                // resourceNames
                Arguments.of(
                        "{level: Metadata, resources: [{group: '', resources: [configmaps], resourceNames: [cluster-identity]}]}",
                        ALICE,
                        resource("get", "", "kube-system", "configmaps", "", "cluster-identity"),
                        true),
                Arguments.of(
                        "{level: Metadata, resources: [{group: '', resources: [configmaps], resourceNames: [cluster-identity]}]}",
                        ALICE,
                        resource("get", "", "kube-system", "configmaps", "", "other"),
                        false),
                // namespaces: "" is the cluster scope
                Arguments.of(
                        "{level: Metadata, namespaces: [garden]}",
                        ALICE,
                        resource("get", "", "garden", "secrets", "", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, namespaces: [garden]}",
                        ALICE,
                        resource("get", "", "garden-dev", "secrets", "", "a"),
                        false),
                Arguments.of(
                        "{level: Metadata, namespaces: ['']}",
                        ALICE,
                        resource("get", "core.gardener.cloud", "", "seeds", "", "a"),
                        true),
                Arguments.of(
                        "{level: Metadata, namespaces: [garden]}",
                        ALICE,
                        RequestInfo.nonResource("/healthz", "GET"),
                        false),
                // non-resource URLs with '*' suffixes
                Arguments.of(
                        "{level: Metadata, nonResourceURLs: ['/healthz*']}",
                        ALICE,
                        RequestInfo.nonResource("/healthz/etcd", "GET"),
                        true),
                Arguments.of(
                        "{level: Metadata, nonResourceURLs: ['/healthz']}",
                        ALICE,
                        RequestInfo.nonResource("/healthz/etcd", "GET"),
                        false),
                Arguments.of(
                        "{level: Metadata, nonResourceURLs: ['*']}",
                        ALICE,
                        RequestInfo.nonResource("/openapi/v2", "GET"),
                        true),
                Arguments.of(
                        "{level: Metadata, nonResourceURLs: ['/version']}",
                        ALICE,
                        resource("get", "", "", "namespaces", "", ""),
                        false),
                Arguments.of(
                        "{level: Metadata, users: ['gardener.cloud:system:seed:aws'], verbs: [update], resources: [{group: core.gardener.cloud, resources: [shoots/status]}]}",
                        GARDENLET,
                        resource("update", "core.gardener.cloud", "garden-dev", "shoots", "status", "a"),
                        true));
    }

    @ParameterizedTest(name = "{0} on {2}: {3}")
    @MethodSource("rules")
    void ruleMatchesAsUpstream(String rule, UserInfo user, RequestInfo request, boolean matches) throws Exception {
        AuditPolicy.Decision decision = policy(RULE_HEAD + "- " + rule + "\n").evaluate(user, request);
        assertThat(decision.level()).isEqualTo(matches ? Level.METADATA : Level.NONE);
    }

    @Test
    void firstMatchingRuleWinsAndNoMatchIsNotAudited() throws Exception {
        AuditPolicy policy = policy(RULE_HEAD + """
                - level: Metadata
                  resources: [{group: '', resources: [secrets]}]
                - level: RequestResponse
                  resources: [{group: ''}]
                """);
        assertThat(policy.evaluate(ALICE, resource("create", "", "ns", "secrets", "", ""))
                        .level())
                .isEqualTo(Level.METADATA);
        assertThat(policy.evaluate(ALICE, resource("create", "", "ns", "configmaps", "", ""))
                        .level())
                .isEqualTo(Level.REQUEST_RESPONSE);
        assertThat(policy.evaluate(ALICE, RequestInfo.nonResource("/version", "GET"))
                        .level())
                .isEqualTo(Level.NONE);
    }

    @Test
    void omitStagesJoinAndOmitManagedFieldsOfTheRuleOverridesThePolicy() throws Exception {
        AuditPolicy policy = policy("""
                apiVersion: audit.k8s.io/v1
                kind: Policy
                omitStages: [RequestReceived]
                omitManagedFields: true
                rules:
                - level: Request
                  omitStages: [ResponseStarted]
                  omitManagedFields: false
                  verbs: [create]
                - level: Request
                """);
        AuditPolicy.Decision create = policy.evaluate(ALICE, resource("create", "", "ns", "configmaps", "", ""));
        assertThat(create.omitStages()).isEqualTo(Set.of(Stage.REQUEST_RECEIVED, Stage.RESPONSE_STARTED));
        assertThat(create.omitManagedFields()).isFalse();
        AuditPolicy.Decision get = policy.evaluate(ALICE, resource("get", "", "ns", "configmaps", "", "a"));
        assertThat(get.omitStages()).isEqualTo(Set.of(Stage.REQUEST_RECEIVED));
        assertThat(get.omitManagedFields()).isTrue();
    }

    @Test
    void invalidPoliciesAreRefusedWithEveryProblem() {
        assertThatThrownBy(() -> policy(RULE_HEAD + """
                - level: Everything
                - resources: [{group: '', resourceNames: [a]}]
                  level: None
                - level: Metadata
                  nonResourceURLs: ['/a/*/b']
                - level: Metadata
                  namespaces: [a]
                  nonResourceURLs: ['/a']
                - level: Metadata
                  omitStages: [Never]
                """))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rules[0].level: Unsupported value: \"Everything\"")
                .hasMessageContaining("rules[1].resources[0].resourceNames")
                .hasMessageContaining("rules[2].nonResourceURLs: Invalid value: \"/a/*/b\"")
                .hasMessageContaining("rules cannot apply to both regular resources and non-resource URLs")
                .hasMessageContaining("rules[4].omitStages: Unsupported value: \"Never\"");
        assertThatThrownBy(() -> policy("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n"))
                .hasMessageContaining("0 rules");
        assertThatThrownBy(() -> policy("apiVersion: audit.k8s.io/v1beta1\nkind: Policy\nrules: [{level: None}]\n"))
                .hasMessageContaining("audit.k8s.io/v1beta1");
    }
}
