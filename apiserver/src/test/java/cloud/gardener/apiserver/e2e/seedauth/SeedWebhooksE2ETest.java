package cloud.gardener.apiserver.e2e.seedauth;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The webhooks kube-apiserver calls, with the JSON it sends: SubjectAccessReviews to
 * {@code /webhooks/auth/seed} and AdmissionReviews to {@code /webhooks/admission/seedrestriction}.
 */
@Tag("integration")
class SeedWebhooksE2ETest {

    @RegisterExtension
    // The shoots are bound to seeds the tests never create: the Shoot garden checks are off.
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String AUTH = "/webhooks/auth/seed";
    private static final String ADMISSION = "/webhooks/admission/seedrestriction";
    private static TestClient kubeApiServer;
    private static String namespace;

    @BeforeAll
    static void scheduleShoots() throws InterruptedException {
        TestClient admin = SERVER.admin();
        namespace = Fixtures.createProjectNamespace(admin, "garden-hooks");
        for (String[] shoot : new String[][] {{"shoot-a", "seed-a"}, {"shoot-b", "seed-b"}}) {
            ObjectNode object = shootObject(shoot[0]);
            ((ObjectNode) object.get("spec")).put("seedName", shoot[1]);
            create(admin, shoots(namespace), object);
        }
        // an ordinary authenticated client, as kube-apiserver with its webhook client certificate
        kubeApiServer = SERVER.client("kube-apiserver", List.of());
        for (int i = 0;
                i < 100
                        && !review(sar("get", "shoots", namespace, "shoot-a", ""))
                                .path("status")
                                .path("allowed")
                                .asBoolean();
                i++) {
            Thread.sleep(100);
        }
    }

    static ObjectNode json(String text) {
        return (ObjectNode) Json.readTree(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    /** A review as kube-apiserver's webhook authorizer sends it for the gardenlet of seed-a. */
    private static ObjectNode sar(String verb, String resource, String ns, String name, String selectors) {
        return json("{'apiVersion':'authorization.k8s.io/v1','kind':'SubjectAccessReview','metadata':"
                + "{'creationTimestamp':null},'spec':{'resourceAttributes':{'namespace':'" + ns + "','verb':'" + verb
                + "','group':'core.gardener.cloud','version':'v1beta1','resource':'" + resource + "','name':'" + name
                + "'" + selectors + "},'user':'gardener.cloud:system:seed:seed-a','groups':["
                + "'gardener.cloud:system:seeds','system:authenticated'],'extra':{'authentication.kubernetes.io/"
                + "credential-id':['X509SHA256=abc']}},'status':{'allowed':false}}");
    }

    private static JsonNode review(ObjectNode review) {
        TestClient.Response response = kubeApiServer.post(AUTH, review);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    @Test
    void relatedObjectIsAllowed() {
        JsonNode answer = review(sar("get", "shoots", namespace, "shoot-a", ""));

        assertThat(answer.path("apiVersion").asText()).isEqualTo("authorization.k8s.io/v1");
        assertThat(answer.path("kind").asText()).isEqualTo("SubjectAccessReview");
        assertThat(answer.path("status")).isEqualTo(json("{'allowed':true}"));
    }

    @Test
    void unrelatedObjectGetsNoOpinionWithReason() {
        JsonNode answer = review(sar("update", "shoots", namespace, "shoot-b", ""));

        assertThat(answer.path("status")).isEqualTo(json("{'allowed':false,'reason':'no relationship found'}"));
    }

    @Test
    void selectorRequirementsOfTheReviewAreChecked() {
        String seedA = ",'labelSelector':{'requirements':[{'key':'name.seed.gardener.cloud/seed-a','operator':'In',"
                + "'values':['true']}]}";
        String seedB = seedA.replace("seed-a", "seed-b");

        assertThat(review(sar("list", "shoots", "", "", seedA))
                        .path("status")
                        .path("allowed")
                        .asBoolean())
                .isTrue();
        assertThat(review(sar("watch", "shoots", "", "", seedB)).path("status"))
                .isEqualTo(json("{'allowed':false,'reason':'must specify field or label selector for name seed-a'}"));
        ObjectNode bastions = sar(
                "list",
                "bastions",
                "",
                "",
                ",'fieldSelector':{'requirements':[{'key':" + "'spec.seedName','operator':'In','values':['seed-a']}]}");
        ((ObjectNode) bastions.get("spec").get("resourceAttributes")).put("group", "operations.gardener.cloud");
        assertThat(review(bastions).path("status").path("allowed").asBoolean()).isTrue();
    }

    @Test
    void usersThatAreNotSeedClientsGetNoOpinion() {
        ObjectNode other = sar("get", "shoots", namespace, "shoot-a", "");
        ((ObjectNode) other.get("spec")).put("user", "alice").putArray("groups").add("system:authenticated");

        assertThat(review(other).path("status")).isEqualTo(json("{'allowed':false}"));
    }

    @Test
    void anonymousCallersAreRefused() {
        assertStatus(SERVER.anonymous().post(AUTH, sar("get", "shoots", namespace, "shoot-a", "")), 403, "Forbidden");
        assertStatus(SERVER.anonymous().post(ADMISSION, json("{}")), 403, "Forbidden");
    }

    @Test
    void malformedReviewsAreBadRequests() {
        assertStatus(kubeApiServer.post(AUTH, json("{'apiVersion':'v1','kind':'Pod'}")), 400, "BadRequest");
        assertStatus(
                kubeApiServer.send("POST", AUTH, "{not json", java.util.Map.of("Content-Type", "application/json")),
                400,
                "BadRequest");
    }

    @Test
    void malformedAdmissionReviewsAreErroredAsControllerRuntimeAnswers() {
        // unreadable: an untyped review with Errored(400), HTTP 200
        TestClient.Response unreadable = kubeApiServer.send(
                "POST", ADMISSION, "{not json", java.util.Map.of("Content-Type", "application/json"));
        assertThat(unreadable.status()).isEqualTo(200);
        assertThat(unreadable.json().has("kind")).isFalse();
        assertThat(unreadable.json().path("response").path("allowed").asBoolean())
                .isFalse();
        assertThat(unreadable
                        .json()
                        .path("response")
                        .path("status")
                        .path("code")
                        .asInt())
                .isEqualTo(400);

        TestClient.Response yaml = kubeApiServer.send(
                "POST", ADMISSION, "kind: AdmissionReview", java.util.Map.of("Content-Type", "application/yaml"));
        assertThat(yaml.json().path("response").path("status").path("message").asText())
                .isEqualTo("contentType=application/yaml, expected application/json");

        // a review without a request: typed answer, no operation to judge
        JsonNode empty = admit(json("{'apiVersion':'admission.k8s.io/v1','kind':'AdmissionReview'}"));
        assertThat(empty.path("kind").asText()).isEqualTo("AdmissionReview");
        assertThat(empty.path("response"))
                .isEqualTo(json("{'uid':'','allowed':false,"
                        + "'status':{'metadata':{},'message':'unknown operation \\\"\\\"','code':400}}"));
    }

    /** An AdmissionReview as kube-apiserver sends it for a CREATE by the gardenlet of seed-a. */
    private static ObjectNode admissionReview(
            String group, String version, String resource, String kind, String ns, String name, String object) {
        return json("{'kind':'AdmissionReview','apiVersion':'admission.k8s.io/v1','request':{'uid':"
                + "'705ab4f5-6393-11e8-b7cc-42010a800002','kind':{'group':'" + group + "','version':'" + version
                + "','kind':'" + kind + "'},'resource':{'group':'" + group + "','version':'" + version
                + "','resource':'" + resource + "'},'requestKind':{'group':'" + group + "','version':'" + version
                + "','kind':'" + kind + "'},'requestResource':{'group':'" + group + "','version':'" + version
                + "','resource':'" + resource + "'},'name':'" + name + "','namespace':'" + ns + "','operation':"
                + "'CREATE','userInfo':{'username':'gardener.cloud:system:seed:seed-a','groups':["
                + "'gardener.cloud:system:seeds','system:authenticated']},'object':" + object + ",'oldObject':null,"
                + "'dryRun':false,'options':{'kind':'CreateOptions','apiVersion':'meta.k8s.io/v1'}}}");
    }

    private static JsonNode admit(ObjectNode review) {
        TestClient.Response response = kubeApiServer.post(ADMISSION, review);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    @Test
    void admissionReviewForAnotherSeedsShootIsRefused() {
        JsonNode answer = admit(admissionReview(
                "core.gardener.cloud",
                "v1beta1",
                "shootstates",
                "ShootState",
                namespace,
                "shoot-b",
                "{'apiVersion':'core.gardener.cloud/v1beta1','kind':'ShootState','metadata':"
                        + "{'name':'shoot-b','namespace':'" + namespace + "'}}"));

        ObjectNode expected = json(
                "{'apiVersion':'admission.k8s.io/v1','kind':'AdmissionReview','response':"
                        + "{'uid':'705ab4f5-6393-11e8-b7cc-42010a800002','allowed':false,'status':{'metadata':{},'code':403}}}");
        ((ObjectNode) expected.get("response").get("status"))
                .put("message", "object does not belong to seed \"seed-a\"");
        assertThat(answer).isEqualTo(expected);
    }

    @Test
    void admissionReviewForOwnSeedLeaseIsAllowed() {
        JsonNode answer = admit(admissionReview(
                "coordination.k8s.io",
                "v1",
                "leases",
                "Lease",
                "gardener-system-seed-lease",
                "seed-a",
                "{'apiVersion':'coordination.k8s.io/v1','kind':'Lease',"
                        + "'metadata':{'name':'seed-a','namespace':'gardener-system-seed-lease'}}"));

        assertThat(answer.path("response"))
                .isEqualTo(
                        json(
                                "{'uid':'705ab4f5-6393-11e8-b7cc-42010a800002','allowed':true,'status':{'metadata':{},'code':200}}"));
    }

    @Test
    void admissionReviewOfOtherUsersIsAllowed() {
        ObjectNode review = admissionReview("core.gardener.cloud", "v1beta1", "seeds", "Seed", "", "seed-b", "{}");
        ((ObjectNode) review.get("request").get("userInfo"))
                .put("username", "alice")
                .putArray("groups");

        assertThat(admit(review).path("response").path("allowed").asBoolean()).isTrue();
    }
}
