package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * kube-apiserver's reviews served standalone (LocalSubjectAccessReview in a project namespace too), answered by the
 * authorizers that guard requests: Gardener's example Project (owner john, admin alice, viewer bob) in garden-dev,
 * and {@code system:masters}.
 */
@Tag("integration")
class AccessReviewsTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String SSAR = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews";
    private static final String SSRR = "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";
    private static final String SAR = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
    private static final String WHOAMI = "/apis/authentication.k8s.io/v1/selfsubjectreviews";
    private static final String LSAR = "/apis/authorization.k8s.io/v1/namespaces/garden-dev/localsubjectaccessreviews";

    private static TestClient member(String name) {
        return SERVER.client(name, List.of("system:authenticated"));
    }

    @BeforeAll
    static void project() throws InterruptedException {
        TestClient admin = SERVER.admin();
        create(
                admin,
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":"
                        + "\"garden-dev\",\"labels\":{\"gardener.cloud/role\":\"project\",\"project.gardener.cloud/name\":\"dev\"}}}");
        create(admin, "/apis/core.gardener.cloud/v1beta1/projects", Examples.read("05-project-dev.yaml"));
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (member("alice.doe@example.com")
                                .get("/api/v1/namespaces/garden-dev/secrets")
                                .status()
                        != 200
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static String selfAccess(String attributes) {
        return "{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"SelfSubjectAccessReview\","
                + "\"metadata\":{\"creationTimestamp\":null},\"spec\":{" + attributes
                + "},\"status\":{\"allowed\":false}}";
    }

    private static String resource(String verb, String group, String resource, String namespace) {
        return "\"resourceAttributes\":{\"namespace\":\"" + namespace + "\",\"verb\":\"" + verb + "\",\"group\":\""
                + group + "\",\"resource\":\"" + resource + "\"}";
    }

    @Test
    void aMemberMayDoWhatHerRoleGrantsAndNoMore() {
        TestClient.Response allowed = member("alice.doe@example.com")
                .post(SSAR, selfAccess(resource("create", "core.gardener.cloud", "shoots", "garden-dev")));
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(201);
        JsonNode review = allowed.json();
        assertThat(review.path("kind").asText()).isEqualTo("SelfSubjectAccessReview");
        assertThat(review.path("spec")
                        .path("resourceAttributes")
                        .path("resource")
                        .asText())
                .isEqualTo("shoots");
        assertThat(review.path("status").path("allowed").asBoolean()).isTrue();

        // no authorizer objects: not allowed, yet not denied either (kube-apiserver's union has no opinion)
        JsonNode refused = member("bob.doe@example.com")
                .post(SSAR, selfAccess(resource("list", "", "secrets", "garden-dev")))
                .json();
        assertThat(refused.path("status").path("allowed").asBoolean()).isFalse();
        assertThat(refused.path("status").has("denied")).isFalse();
        assertThat(member("bob.doe@example.com")
                        .get("/api/v1/namespaces/garden-dev/secrets")
                        .status())
                .isEqualTo(403);
    }

    @Test
    void nonResourceAttributesAreDecidedToo() {
        JsonNode health = member("sam")
                .post(SSAR, selfAccess("\"nonResourceAttributes\":{\"path\":\"/healthz\"," + "\"verb\":\"get\"}"))
                .json();
        assertThat(health.path("status").path("allowed").asBoolean()).isTrue();
        JsonNode metrics = member("sam")
                .post(SSAR, selfAccess("\"nonResourceAttributes\":{\"path\":\"/metrics\"," + "\"verb\":\"get\"}"))
                .json();
        assertThat(metrics.path("status").path("allowed").asBoolean()).isFalse();
    }

    @Test
    void exactlyOneKindOfAttributesIsValid() {
        JsonNode neither = assertStatus(member("sam").post(SSAR, selfAccess("")), 422, "Invalid");
        assertThat(neither.path("message").asText())
                .isEqualTo("SelfSubjectAccessReview.authorization.k8s.io \"\" is "
                        + "invalid: spec.resourceAttributes: Invalid value: \"null\": exactly one of nonResourceAttributes or "
                        + "resourceAttributes must be specified");
        JsonNode both = assertStatus(
                member("sam")
                        .post(
                                SSAR,
                                selfAccess(resource("get", "", "secrets", "x")
                                        + ",\"nonResourceAttributes\":{\"path\":\"/x\",\"verb\":\"get\"}")),
                422,
                "Invalid");
        assertThat(both.path("message").asText())
                .isEqualTo("SelfSubjectAccessReview.authorization.k8s.io \"\" is "
                        + "invalid: spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:\"/x\", "
                        + "Verb:\"get\"}: cannot be specified in combination with resourceAttributes");
        assertThat(both.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("spec.nonResourceAttributes");
    }

    @Test
    void rulesListWhatTheAuthorizersAllow() {
        JsonNode rules = member("alice.doe@example.com")
                .post(
                        SSRR,
                        "{\"apiVersion\":\"authorization.k8s.io/v1\","
                                + "\"kind\":\"SelfSubjectRulesReview\",\"spec\":{\"namespace\":\"garden-dev\"}}")
                .json();
        assertThat(rules.path("kind").asText()).isEqualTo("SelfSubjectRulesReview");
        JsonNode status = rules.path("status");
        assertThat(status.path("incomplete").asBoolean()).isFalse();
        assertThat(ruleFor(status, "core.gardener.cloud", "shoots"))
                .containsExactly("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");
        assertThat(ruleFor(status, "authorization.k8s.io", "selfsubjectaccessreviews"))
                .containsExactly("create");
        assertThat(status.path("nonResourceRules").toString()).contains("/healthz");

        // in another namespace the project's rules are gone, the cluster-wide ones stay
        JsonNode elsewhere = member("alice.doe@example.com")
                .post(
                        SSRR,
                        "{\"apiVersion\":\"authorization.k8s.io/v1\","
                                + "\"kind\":\"SelfSubjectRulesReview\",\"spec\":{\"namespace\":\"other\"}}")
                .json()
                .path("status");
        assertThat(ruleFor(elsewhere, "core.gardener.cloud", "shoots")).isEmpty();
        assertThat(ruleFor(elsewhere, "core.gardener.cloud", "seeds")).containsExactly("get", "list", "watch");
    }

    @Test
    void mastersMayDoEverything() {
        JsonNode status = SERVER.admin()
                .post(
                        SSRR,
                        "{\"apiVersion\":\"authorization.k8s.io/v1\","
                                + "\"kind\":\"SelfSubjectRulesReview\",\"spec\":{\"namespace\":\"default\"}}")
                .json()
                .path("status");
        assertThat(status.path("resourceRules").get(0).toString())
                .isEqualTo("{\"verbs\":[\"*\"],\"apiGroups\":[\"*\"],\"resources\":[\"*\"]}");
        assertThat(status.path("nonResourceRules").get(0).toString())
                .isEqualTo("{\"verbs\":[\"*\"],\"nonResourceURLs\":[\"*\"]}");
    }

    @Test
    void aRulesReviewNeedsANamespace() {
        JsonNode status = assertStatus(
                member("sam")
                        .post(
                                SSRR,
                                "{\"apiVersion\":\"authorization.k8s.io/v1\","
                                        + "\"kind\":\"SelfSubjectRulesReview\",\"spec\":{}}"),
                400,
                "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("no namespace on request");
    }

    @Test
    void mastersAskForOthersAndOthersMayNot() {
        String body = "{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"SubjectAccessReview\",\"spec\":{"
                + resource("create", "core.gardener.cloud", "shoots", "garden-dev")
                + ",\"user\":\"alice.doe@example.com\",\"groups\":[\"system:authenticated\"]}}";
        TestClient.Response answered = SERVER.admin().post(SAR, body);
        assertThat(answered.status()).as(answered.body()).isEqualTo(201);
        assertThat(answered.json().path("status").path("allowed").asBoolean()).isTrue();

        JsonNode forbidden = assertStatus(member("alice.doe@example.com").post(SAR, body), 403, "Forbidden");
        assertThat(forbidden.path("message").asText())
                .isEqualTo("subjectaccessreviews.authorization.k8s.io is "
                        + "forbidden: User \"alice.doe@example.com\" cannot create resource \"subjectaccessreviews\" in API "
                        + "group \"authorization.k8s.io\" at the cluster scope");

        JsonNode nobody = assertStatus(
                SERVER.admin()
                        .post(
                                SAR,
                                "{\"apiVersion\":\"authorization.k8s.io/v1\","
                                        + "\"kind\":\"SubjectAccessReview\",\"spec\":{"
                                        + resource("get", "", "secrets", "x") + "}}"),
                422,
                "Invalid");
        assertThat(nobody.path("message").asText())
                .isEqualTo("SubjectAccessReview.authorization.k8s.io \"\" is "
                        + "invalid: spec.user: Invalid value: \"\": at least one of user or group must be specified");
    }

    /** A LocalSubjectAccessReview as client-go and the Python client send it: no namespace in the body's metadata. */
    private static String localAccess(String attributes, String user) {
        return "{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"LocalSubjectAccessReview\",\"spec\":{"
                + attributes + ",\"user\":\"" + user + "\",\"groups\":[\"system:authenticated\"]}}";
    }

    @Test
    void aLocalReviewAnswersInTheNamespaceOfItsUrl() {
        TestClient.Response answered = SERVER.admin()
                .post(
                        LSAR,
                        localAccess(
                                resource("create", "core.gardener.cloud", "shoots", "garden-dev"),
                                "alice.doe@example.com"));
        assertThat(answered.status()).as(answered.body()).isEqualTo(201);
        JsonNode review = answered.json();
        assertThat(review.path("kind").asText()).isEqualTo("LocalSubjectAccessReview");
        assertThat(review.path("metadata").path("namespace").asText()).isEqualTo("garden-dev");
        assertThat(review.path("status").path("allowed").asBoolean()).isTrue();

        JsonNode viewer = SERVER.admin()
                .post(LSAR, localAccess(resource("list", "", "secrets", "garden-dev"), "bob.doe@example.com"))
                .json();
        assertThat(viewer.path("status").path("allowed").asBoolean()).isFalse();
        assertThat(viewer.path("status").has("denied")).isFalse();
    }

    @Test
    void aLocalReviewStaysInItsNamespace() {
        JsonNode elsewhere = assertStatus(
                SERVER.admin()
                        .post(LSAR, localAccess(resource("get", "", "secrets", "other"), "alice.doe@example.com")),
                422,
                "Invalid");
        assertThat(elsewhere.path("message").asText())
                .isEqualTo("LocalSubjectAccessReview.authorization.k8s.io \"\" "
                        + "is invalid: spec.resourceAttributes.namespace: Invalid value: \"other\": must match "
                        + "metadata.namespace");

        // the body's namespace, when it has one, must be the URL's (every create's rule)
        String otherBody = localAccess(resource("get", "", "secrets", "other"), "alice.doe@example.com")
                .replace("\"spec\":", "\"metadata\":{\"namespace\":\"other\"},\"spec\":");
        JsonNode mismatch = assertStatus(SERVER.admin().post(LSAR, otherBody), 400, "BadRequest");
        assertThat(mismatch.path("message").asText())
                .isEqualTo("the namespace of the provided object does not match the namespace sent on the request");

        JsonNode path = assertStatus(
                SERVER.admin()
                        .post(
                                LSAR,
                                localAccess(
                                        "\"nonResourceAttributes\":{\"path\":" + "\"/healthz\",\"verb\":\"get\"}",
                                        "alice.doe@example.com")),
                422,
                "Invalid");
        assertThat(path.path("message").asText())
                .isEqualTo("LocalSubjectAccessReview.authorization.k8s.io \"\" is "
                        + "invalid: spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"
                        + "\"/healthz\", Verb:\"get\"}: disallowed on this kind of request");

        JsonNode named = assertStatus(
                SERVER.admin()
                        .post(
                                LSAR,
                                localAccess(resource("get", "", "secrets", "garden-dev"), "alice.doe@example.com")
                                        .replace("\"spec\":", "\"metadata\":{\"name\":\"x\"},\"spec\":")),
                422,
                "Invalid");
        assertThat(named.path("message").asText())
                .contains("metadata: Invalid value: ")
                .endsWith(": must be empty except for namespace");

        // there is no cluster-wide collection of a namespaced review
        assertStatus(
                SERVER.admin()
                        .post(
                                "/apis/authorization.k8s.io/v1/localsubjectaccessreviews",
                                localAccess(resource("get", "", "secrets", ""), "alice.doe@example.com")),
                404,
                "NotFound");
    }

    @Test
    void onlyThoseAllowedToAskMayAskLocally() {
        JsonNode forbidden = assertStatus(
                member("alice.doe@example.com")
                        .post(
                                LSAR,
                                localAccess(
                                        resource("create", "core.gardener.cloud", "shoots", "garden-dev"),
                                        "bob.doe@example.com")),
                403,
                "Forbidden");
        assertThat(forbidden.path("message").asText())
                .isEqualTo("localsubjectaccessreviews.authorization.k8s.io is "
                        + "forbidden: User \"alice.doe@example.com\" cannot create resource \"localsubjectaccessreviews\" in "
                        + "API group \"authorization.k8s.io\" in the namespace \"garden-dev\"");
    }

    @Test
    void whoAmIAnswersInV1AndV1beta1() {
        for (String version : List.of("v1", "v1beta1")) {
            TestClient.Response answered = member("alice.doe@example.com")
                    .post(
                            "/apis/authentication.k8s.io/" + version + "/selfsubjectreviews",
                            "{\"apiVersion\":\"authentication.k8s.io/" + version
                                    + "\",\"kind\":\"SelfSubjectReview\"}");
            assertThat(answered.status()).as(answered.body()).isEqualTo(201);
            JsonNode review = answered.json();
            assertThat(review.path("apiVersion").asText()).isEqualTo("authentication.k8s.io/" + version);
            assertThat(review.path("metadata").path("creationTimestamp").asText())
                    .isNotEmpty();
            assertThat(review.path("status").path("userInfo").path("username").asText())
                    .isEqualTo("alice.doe@example.com");
            assertThat(review.path("status").path("userInfo").path("groups").toString())
                    .isEqualTo("[\"system:authenticated\"]");
        }
    }

    @Test
    void reviewsAreCreateOnly() {
        assertStatus(SERVER.admin().get(SSAR), 405, "MethodNotAllowed");
        assertStatus(SERVER.admin().get(WHOAMI + "/x"), 404, "NotFound");
        assertStatus(
                SERVER.admin()
                        .post(
                                WHOAMI,
                                "{\"apiVersion\":\"authentication.k8s.io/v1\","
                                        + "\"kind\":\"SelfSubjectAccessReview\"}"),
                400,
                "BadRequest");
    }

    @Test
    void discoveryListsTheReviews() {
        JsonNode resources =
                SERVER.admin().get("/apis/authorization.k8s.io/v1").json().path("resources");
        List<String> names = new ArrayList<>();
        resources.forEach(r -> names.add(r.path("name").asText()));
        assertThat(names)
                .contains(
                        "localsubjectaccessreviews",
                        "selfsubjectaccessreviews",
                        "selfsubjectrulesreviews",
                        "subjectaccessreviews");
        resources.forEach(r -> assertThat(r.path("namespaced").asBoolean())
                .isEqualTo("localsubjectaccessreviews".equals(r.path("name").asText())));
        resources.forEach(r -> assertThat(r.path("verbs").toString()).isEqualTo("[\"create\"]"));
        JsonNode aggregated = SERVER.admin()
                .get("/apis", Map.of("Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"))
                .json();
        assertThat(aggregated.toString())
                .contains("\"resource\":\"selfsubjectreviews\"")
                .contains("\"resource\":\"selfsubjectaccessreviews\"");
    }

    private static List<String> ruleFor(JsonNode status, String group, String resource) {
        List<String> verbs = new ArrayList<>();
        for (JsonNode rule : status.path("resourceRules")) {
            if (contains(rule.path("apiGroups"), group) && contains(rule.path("resources"), resource)) {
                rule.path("verbs").forEach(v -> verbs.add(v.asText()));
            }
        }
        return verbs.stream().distinct().sorted().toList();
    }

    private static boolean contains(JsonNode array, String value) {
        for (JsonNode item : array) {
            if (item.asText().equals(value)) {
                return true;
            }
        }
        return false;
    }
}
