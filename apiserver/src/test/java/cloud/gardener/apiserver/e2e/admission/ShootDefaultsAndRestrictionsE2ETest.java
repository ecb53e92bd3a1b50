package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Shoot plugins of this group in the real server: the toleration whitelist and defaults of the
 * AdmissionConfiguration, VPA and kubelet reservation defaults on creation, the default-domain scheme of ShootDNS,
 * and the off-by-default plugins switched on by flag.
 */
@Tag("integration")
class ShootDefaultsAndRestrictionsE2ETest {

    private static final Map<String, JsonNode> CONFIGURATIONS = Map.of(
            "ShootTolerationRestriction", yaml("""
                    apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                    kind: Configuration
                    defaults: [{key: everyone}]
                    whitelist: [{key: everyone}, {key: allowed}]
                    """),
            "ShootDNSRewriting", yaml("""
                    apiVersion: shootdnsrewriting.admission.gardener.cloud/v1alpha1
                    kind: Configuration
                    commonSuffixes: [gardener.cloud]
                    """));

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> config.enableAdmissionPlugins(List.of("ShootNodeLocalDNSEnabledByDefault", "ShootDNSRewriting"))
                    .admissionConfigurations(CONFIGURATIONS));

    @RegisterExtension
    static final ApiServerExtension DEFAULTS = new ApiServerExtension();

    private static ObjectNode yaml(String text) {
        try {
            return (ObjectNode) Json.YAML.readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @BeforeAll
    static void examples() {
        Assumptions.assumeTrue(GardenFixtures.examplesPresent(), "no Gardener examples");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void onlyWhitelistedTolerationsAreAdmittedAndDefaultsAreAdded(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);

        ObjectNode refused = GardenFixtures.shoot(g, "refused");
        ((ObjectNode) refused.get("spec")).putArray("tolerations").addObject().put("key", "forbidden");
        JsonNode status = assertStatus(admin.post(g.shoots(), refused), 403, "Forbidden");
        assertThat(status.path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"refused\" is forbidden: "
                        + "error while validating tolerations against allowlist: [spec.tolerations[0]: Forbidden: only the "
                        + "following tolerations are allowed: [allowed everyone]]");

        ObjectNode allowed = GardenFixtures.shoot(g, "allowed");
        ((ObjectNode) allowed.get("spec")).putArray("tolerations").addObject().put("key", "allowed");
        JsonNode created = GardenFixtures.created(admin, g.shoots(), allowed);
        assertThat(created.path("spec").path("tolerations")).isEqualTo(yaml("""
                t: [{key: allowed}, {key: everyone}]
                """).path("t"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aNewShootGetsVpaKubeletReservationsAndTheFlaggedDefaults(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        JsonNode created = GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "defaulted"));
        JsonNode spec = created.path("spec");
        assertThat(spec.at("/kubernetes/verticalPodAutoscaler/enabled").asBoolean())
                .isTrue();
        assertThat(spec.at("/kubernetes/kubelet/kubeReserved"))
                .isEqualTo(Json.MAPPER
                        .createObjectNode()
                        .put("cpu", "80m")
                        .put("memory", "1Gi")
                        .put("pid", "20k"));
        assertThat(spec.at("/systemComponents/nodeLocalDNS/enabled").asBoolean())
                .isTrue();
        assertThat(spec.at("/systemComponents/coreDNS/rewriting/commonSuffixes/0")
                        .asText())
                .isEqualTo("gardener.cloud");
        assertThat(admin.get(g.shoot("defaulted"))
                        .json()
                        .at("/spec/kubernetes/verticalPodAutoscaler/enabled")
                        .asBoolean())
                .as("stored, not only answered")
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void offByDefaultPluginsStayOffWithoutTheFlag(BindingKind bindingKind) {
        TestClient admin = DEFAULTS.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        JsonNode spec = GardenFixtures.created(admin, g.shoots(), GardenFixtures.shoot(g, "plain"))
                .path("spec");
        assertThat(spec.at("/kubernetes/verticalPodAutoscaler/enabled").asBoolean())
                .as("VPA is on by default")
                .isTrue();
        assertThat(spec.at("/systemComponents/nodeLocalDNS").isMissingNode()).isTrue();
        assertThat(spec.at("/systemComponents/coreDNS/rewriting").isMissingNode())
                .isTrue();
        assertThat(spec.path("tolerations").isMissingNode()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aDefaultDomainMustFollowTheShootAndProjectScheme(BindingKind bindingKind) throws InterruptedException {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        String defaultDomain = g.project() + ".example.org";
        ObjectNode secret = yaml("""
                apiVersion: v1
                kind: Secret
                metadata:
                  name: default-domain-%s
                  namespace: garden
                  labels: {gardener.cloud/role: default-domain}
                  annotations: {dns.gardener.cloud/domain: %s, dns.gardener.cloud/provider: aws-route53}
                data: {key: dmFsdWU=}
                """.formatted(g.project(), defaultDomain));
        GardenFixtures.created(admin, "/api/v1/namespaces/garden/secrets", secret);

        ObjectNode wrong = GardenFixtures.shoot(g, "wrong");
        ((ObjectNode) wrong.at("/spec/dns")).put("domain", "other." + g.project() + "." + defaultDomain);
        // the plugin reads the default domains from its cache, which follows the new secret within moments:
        // dry runs until the secret is seen
        TestClient.Response refused = admin.post(g.shoots() + "?dryRun=All", wrong);
        for (int i = 0; i < 50 && refused.status() == 201; i++) {
            Thread.sleep(100);
            refused = admin.post(g.shoots() + "?dryRun=All", wrong);
        }
        assertStatus(refused, 422, "Invalid");
        JsonNode status = assertStatus(admin.post(g.shoots(), wrong), 422, "Invalid");
        assertThat(status.path("message").asText())
                .contains("spec.dns.domain: Invalid value: \"other." + g.project()
                        + "." + defaultDomain + "\": shoot uses a default domain but does not match expected scheme: "
                        + "<shoot-name>.<project-name>.<default-domain> (expected 'wrong." + g.project() + "."
                        + defaultDomain
                        + "', but got 'other." + g.project() + "." + defaultDomain + "')");

        ObjectNode right = GardenFixtures.shoot(g, "right");
        ((ObjectNode) right.at("/spec/dns")).put("domain", "right." + g.project() + "." + defaultDomain);
        GardenFixtures.created(admin, g.shoots(), right);
    }
}
