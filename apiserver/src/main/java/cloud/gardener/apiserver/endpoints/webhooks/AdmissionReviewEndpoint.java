package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.endpoints.Responses;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.util.function.Function;

/**
 * A validating webhook served as controller-runtime's {@code admission.Webhook} serves one: every answer is
 * HTTP 200 with an AdmissionReview; an empty body, another content type or an unreadable review is refused with
 * {@code Errored(400)} in an untyped review; a decision that fails with an API error is refused with that
 * error's Status; otherwise the decision, completed with the request's uid, in the review's own type.
 */
public final class AdmissionReviewEndpoint implements Handler<RoutingContext> {

    private final Function<AdmissionRequest, Future<AdmissionResponse>> decide;

    public AdmissionReviewEndpoint(Function<AdmissionRequest, Future<AdmissionResponse>> decide) {
        this.decide = decide;
    }

    @Override
    public void handle(RoutingContext ctx) {
        String contentType = ctx.request().getHeader("Content-Type");
        byte[] body = ctx.body() == null || ctx.body().buffer() == null
                ? new byte[0]
                : ctx.body().buffer().getBytes();
        if (body.length == 0) {
            write(ctx, AdmissionReviews.writeUntyped(AdmissionResponse.error(400, "request body is empty")));
            return;
        }
        if (!"application/json".equals(contentType)) {
            write(
                    ctx,
                    AdmissionReviews.writeUntyped(AdmissionResponse.error(
                            400,
                            "contentType=" + (contentType == null ? "" : contentType)
                                    + ", expected application/json")));
            return;
        }
        AdmissionReviews.Review review;
        try {
            review = AdmissionReviews.read(body);
        } catch (IOException e) {
            write(ctx, AdmissionReviews.writeUntyped(AdmissionResponse.error(400, e.getMessage())));
            return;
        }
        AdmissionRequest request = review.request();
        Future<AdmissionResponse> decision;
        try {
            decision = decide.apply(request);
        } catch (RuntimeException e) {
            decision = Future.failedFuture(e);
        }
        decision.recover(failure -> Future.succeededFuture(AdmissionResponse.reject(
                        Responses.toApiException(failure).status())))
                .onSuccess(response -> write(ctx, AdmissionReviews.write(review, response.complete(request.uid()))));
    }

    private static void write(RoutingContext ctx, byte[] body) {
        // controller-runtime answers every review with 200; the decision is in the body
        Responses.write(ctx, 200, "application/json", body);
    }
}
