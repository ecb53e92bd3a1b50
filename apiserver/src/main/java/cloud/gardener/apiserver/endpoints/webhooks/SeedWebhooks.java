package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestriction;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.SubjectAccessReviewRequest;
import cloud.gardener.apiserver.endpoints.Responses;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * The two webhooks of Gardener's admission controller that kube-apiserver calls, served here from the same
 * graph and rules as the built-in checks: the SeedAuthorizer as an authorization webhook
 * ({@code SubjectAccessReview} in, the same with its status out) and SeedRestriction as a validating admission
 * webhook ({@code AdmissionReview} in and out).
 */
public final class SeedWebhooks {

    public static final String AUTHORIZATION_PATH = "/webhooks/auth/seed";
    public static final String ADMISSION_PATH = "/webhooks/admission/seedrestriction";
    /** The paths every authenticated user may post to (see AuthenticatedPathsAuthorizer). */
    public static final List<String> PATHS = List.of(AUTHORIZATION_PATH, ADMISSION_PATH);

    private final Authorizer seedAuthorizer;
    private final SeedRestriction seedRestriction;

    public SeedWebhooks(Authorizer seedAuthorizer, SeedRestriction seedRestriction) {
        this.seedAuthorizer = seedAuthorizer;
        this.seedRestriction = seedRestriction;
    }

    public void install(Router router) {
        router.post(AUTHORIZATION_PATH).handler(this::authorize);
        router.post(ADMISSION_PATH).handler(new AdmissionReviewEndpoint(this::restrict));
    }

    private void authorize(RoutingContext ctx) {
        JsonNode review;
        cloud.gardener.apiserver.authz.Attributes attributes;
        try {
            review = body(ctx);
            attributes = SubjectAccessReviewRequest.attributes(review);
        } catch (ApiException e) {
            Responses.fail(ctx, e);
            return;
        }
        seedAuthorizer.authorize(attributes).onComplete(ar -> {
            if (ar.failed()) {
                Responses.fail(
                        ctx, ApiException.internal(String.valueOf(ar.cause().getMessage())));
            } else {
                Responses.writeJson(ctx, 200, SubjectAccessReviewRequest.answer(review, ar.result()), false);
            }
        });
    }

    /** SeedRestriction's verdict, as controller-runtime's {@code Allowed} or {@code Errored}. */
    private Future<AdmissionResponse> restrict(AdmissionRequest request) {
        Attributes attributes;
        try {
            attributes = request.attributes();
        } catch (ApiException e) {
            return Future.succeededFuture(
                    AdmissionResponse.error(e.code(), e.status().message()));
        }
        return seedRestriction
                .review(attributes)
                .map(verdict -> verdict.allowed()
                        ? AdmissionResponse.allow(verdict.message())
                        : AdmissionResponse.error(verdict.code(), verdict.message()));
    }

    private static JsonNode body(RoutingContext ctx) {
        if (ctx.body() == null || ctx.body().buffer() == null || ctx.body().length() == 0) {
            throw ApiException.badRequest("request body is empty");
        }
        try {
            JsonNode node = Json.readTree(ctx.body().buffer().getBytes());
            if (!node.isObject()) {
                throw ApiException.badRequest("request body must be a JSON object");
            }
            return node;
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            throw ApiException.badRequest("cannot decode request body: " + e.getMessage());
        }
    }
}
