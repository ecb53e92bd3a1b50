package cloud.gardener.apiserver.authz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.delegation.FakeKubeApi;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SubjectAccessReviewAuthorizerTest {

    private static final UserInfo ALICE =
            new UserInfo("alice", "u-1", List.of("dev", "system:authenticated"), Map.of("scopes", List.of("x")));
    private static FakeKubeApi api;
    private static Vertx vertx;

    @BeforeAll
    static void start() throws Exception {
        api = new FakeKubeApi();
        vertx = Vertx.vertx();
        api.on(SubjectAccessReviewAuthorizer.PATH, review -> {
            String verb =
                    review.path("spec").path("resourceAttributes").path("verb").asText();
            String path = review.path("spec")
                    .path("nonResourceAttributes")
                    .path("path")
                    .asText();
            Map<String, Object> status = switch (verb.isEmpty() ? path : verb) {
                case "get", "/version" -> Map.of("allowed", true, "reason", "RBAC: allowed");
                case "delete" -> Map.of("allowed", false, "denied", true, "reason", "no deleting on Fridays");
                case "fail" -> Map.of();
                default -> Map.of("allowed", false, "reason", "no RBAC policy matched");
            };
            if (verb.equals("fail")) {
                return new FakeKubeApi.Answer(500, Map.of("message", "etcd down"));
            }
            return new FakeKubeApi.Answer(
                    201,
                    Map.of("apiVersion", "authorization.k8s.io/v1", "kind", "SubjectAccessReview", "status", status));
        });
    }

    @AfterAll
    static void stop() throws Exception {
        api.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Decision await(Future<Decision> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static SubjectAccessReviewAuthorizer authorizer(Duration ttl) {
        return new SubjectAccessReviewAuthorizer(api.client(vertx), ttl, ttl);
    }

    private static Attributes shoots(String verb, String name) {
        return Attributes.forResource(
                ALICE,
                verb,
                "core.gardener.cloud",
                "v1beta1",
                "garden-dev",
                "shoots",
                "",
                name,
                "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/" + name);
    }

    private static int reviews() {
        return api.calls(SubjectAccessReviewAuthorizer.PATH);
    }

    @Test
    void sendsTheWireFormat() throws Exception {
        Attributes list = Attributes.forResource(
                        ALICE, "list", "core.gardener.cloud", "v1beta1", "garden-dev", "shoots", "", "", "/apis")
                .withSelectors("app in (x,y),!legacy,tier>1", "metadata.name=a,spec.seedName!=b");

        await(authorizer(Duration.ZERO).authorize(list));

        var spec = api.received(SubjectAccessReviewAuthorizer.PATH)
                .get(reviews() - 1)
                .path("spec");
        assertThat(spec).isEqualTo(Json.MAPPER.readTree("""
                {"resourceAttributes":{"namespace":"garden-dev","verb":"list","group":"core.gardener.cloud",
                  "version":"v1beta1","resource":"shoots",
                  "fieldSelector":{"requirements":[{"key":"metadata.name","operator":"In","values":["a"]},
                                                   {"key":"spec.seedName","operator":"NotIn","values":["b"]}]},
                  "labelSelector":{"requirements":[{"key":"app","operator":"In","values":["x","y"]},
                                                   {"key":"legacy","operator":"DoesNotExist"}]}},
                 "user":"alice","groups":["dev","system:authenticated"],"extra":{"scopes":["x"]},"uid":"u-1"}
                """));
        var sent = api.received(SubjectAccessReviewAuthorizer.PATH).get(reviews() - 1);
        assertThat(sent.path("apiVersion").asText()).isEqualTo("authorization.k8s.io/v1");
        assertThat(sent.path("kind").asText()).isEqualTo("SubjectAccessReview");
    }

    @Test
    void nonResourceRequestsSendPathAndVerb() throws Exception {
        Decision decision =
                await(authorizer(Duration.ZERO).authorize(Attributes.forPath(UserInfo.anonymous(), "get", "/version")));

        assertThat(decision.isAllowed()).isTrue();
        var spec = api.received(SubjectAccessReviewAuthorizer.PATH)
                .get(reviews() - 1)
                .path("spec");
        assertThat(spec.path("nonResourceAttributes"))
                .isEqualTo(Json.MAPPER.readTree("{\"path\":\"/version\",\"verb\":\"get\"}"));
        assertThat(spec.has("resourceAttributes")).isFalse();
    }

    @Test
    void mapsAllowDenyAndNoOpinionWithReasons() throws Exception {
        SubjectAccessReviewAuthorizer sar = authorizer(Duration.ZERO);

        assertThat(await(sar.authorize(shoots("get", "a")))).isEqualTo(Decision.allow("RBAC: allowed"));
        assertThat(await(sar.authorize(shoots("delete", "a")))).isEqualTo(Decision.deny("no deleting on Fridays"));
        assertThat(await(sar.authorize(shoots("update", "a")))).isEqualTo(Decision.noOpinion("no RBAC policy matched"));
        assertThat(SubjectAccessReviewAuthorizer.decision(Json.MAPPER.readTree("{\"allowed\":true,\"denied\":true}"))
                        .verdict())
                .isEqualTo(Decision.Verdict.DENY);
    }

    @Test
    void cachesAllowedAndUnauthorizedAnswersSeparately() throws Exception {
        SubjectAccessReviewAuthorizer sar =
                new SubjectAccessReviewAuthorizer(api.client(vertx), Duration.ofSeconds(10), Duration.ZERO);
        int before = reviews();

        await(sar.authorize(shoots("get", "cached")));
        await(sar.authorize(shoots("get", "cached")));
        assertThat(reviews() - before).isEqualTo(1);

        await(sar.authorize(shoots("update", "cached")));
        await(sar.authorize(shoots("update", "cached")));
        assertThat(reviews() - before).isEqualTo(3);
    }

    @Test
    void failedReviewFailsAndIsNeverAnAllow() {
        assertThatThrownBy(() -> await(authorizer(Duration.ofSeconds(10)).authorize(shoots("fail", "x"))))
                .hasRootCauseInstanceOf(Exception.class)
                .hasMessageContaining("subject access review failed");
    }
}
