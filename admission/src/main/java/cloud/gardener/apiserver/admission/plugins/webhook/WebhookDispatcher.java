package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.cel.CelExpressions;
import cloud.gardener.apiserver.admission.plugins.cel.MatchConditions;
import cloud.gardener.apiserver.admission.plugins.webhook.WebhookClient.WebhookCallException;
import cloud.gardener.apiserver.api.conversion.InputConversion;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.flipkart.zjsonpatch.JsonPatch;
import io.vertx.core.Future;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Calls one webhook for one request as k8s.io/apiserver's webhook dispatchers do: whether it applies (namespace
 * and object selectors, rules), the AdmissionReview it is sent, the checks on its answer, the rejection
 * ({@code webhookerrors.ToStatusErr}) and, for mutating webhooks, the JSON patch applied to the object.
 *
 * <p>Failures to call the webhook or to read its answer are {@link CallFailure}s, which the failure policy
 * may ignore; a rejection, a dry run the webhook cannot take and a patch that does not apply always fail.
 */
final class WebhookDispatcher {

    private static final int BAD_REQUEST = 400;
    private static final int SERVICE_UNAVAILABLE = WebhookClient.SERVICE_UNAVAILABLE;

    private final ObjectLookup objects;
    private final WebhookClient client;

    WebhookDispatcher(ObjectLookup objects, WebhookClient client) {
        this.objects = objects;
        this.client = client;
    }

    /**
     * A failure the webhook's failurePolicy decides about: {@code ErrCallingWebhook}, with the code of the status
     * upstream gives it (400 for a request it could not build, 503 for an unreachable webhook or an unusable answer,
     * the answer's code for a non-2xx answer).
     */
    static final class CallFailure extends RuntimeException {
        private final int code;

        CallFailure(Webhook hook, int code, String reason) {
            super("failed calling webhook \"" + hook.name() + "\": " + reason);
            this.code = code;
        }

        int code() {
            return code;
        }
    }

    /** The webhook answered no: {@code ErrWebhookRejection}, carrying the Status the request is refused with. */
    static final class Rejection extends RuntimeException {
        private final ApiException status;

        Rejection(ApiException status) {
            super(status.getMessage(), null, false, false);
            this.status = status;
        }

        ApiException status() {
            return status;
        }
    }

    /** Whether the webhook is to be called for the request. */
    Future<Boolean> applies(Webhook hook, Attributes a) {
        if (!hook.rules().stream().anyMatch(rule -> rule.matches(a))
                || !RequestSelectors.objectSelected(hook.objectSelector(), a)) {
            return Future.succeededFuture(false);
        }
        return RequestSelectors.namespaceSelected(objects, hook.namespaceSelector(), a)
                .compose(selected -> {
                    if (!selected) {
                        return Future.succeededFuture(false);
                    }
                    MatchConditions.Outcome outcome = MatchConditions.evaluate(
                            hook.matchConditions(), hook.failOpen(), CelExpressions.requestVariables(a));
                    return outcome.error() == null
                            ? Future.succeededFuture(outcome.matches())
                            : Future.failedFuture(ApiException.forbidden(a.resource(), a.name(), outcome.error()));
                });
    }

    /** Calls a validating webhook; succeeds when it allows the request. */
    Future<Void> validate(Webhook hook, Attributes a, CallAnnotations annotations) {
        return call(hook, a, annotations).compose(response -> {
            if (response.hasNonNull("patch") || response.hasNonNull("patchType")) {
                return Future.failedFuture(new CallFailure(
                        hook,
                        SERVICE_UNAVAILABLE,
                        "received invalid webhook "
                                + "response: validating webhook may not return response."
                                + (response.hasNonNull("patch") ? "patch" : "patchType")));
            }
            return Future.succeededFuture();
        });
    }

    /**
     * Calls a mutating webhook and applies its patch to the request's object; annotates the call (whether it
     * changed the object, whatever the outcome) and the applied patch.
     *
     * @return whether the object changed
     */
    Future<Boolean> mutate(Webhook hook, Attributes a, CallAnnotations annotations) {
        return patch(hook, a, annotations).onComplete(ar -> annotations.mutation(ar.succeeded() && ar.result()));
    }

    private Future<Boolean> patch(Webhook hook, Attributes a, CallAnnotations annotations) {
        return call(hook, a, annotations).compose(response -> {
            String patch = response.path("patch").asText("");
            if (patch.isEmpty()) {
                return Future.succeededFuture(false);
            }
            JsonNode operations;
            try {
                operations = Json.readTree(Base64.getDecoder().decode(patch));
            } catch (RuntimeException e) {
                return Future.failedFuture(new CallFailure(
                        hook,
                        SERVICE_UNAVAILABLE,
                        "received undecodable patch in webhook response: " + e.getMessage()));
            }
            if (!operations.isArray()) {
                return Future.failedFuture(new CallFailure(
                        hook,
                        SERVICE_UNAVAILABLE,
                        "received undecodable patch in "
                                + "webhook response: json: cannot unmarshal "
                                + operations.getNodeType().name().toLowerCase(Locale.ROOT) + " into Go value of "
                                + "type jsonpatch.Patch"));
            }
            if (operations.isEmpty()) {
                return Future.succeededFuture(false);
            }
            if (a.object() == null) {
                return Future.failedFuture(ApiException.internal("admission webhook \"" + hook.name()
                        + "\" attempted to modify the object, which is not supported for this operation"));
            }
            JsonNode patched;
            try {
                patched = JsonPatch.apply(operations, a.object());
            } catch (RuntimeException e) {
                return Future.failedFuture(ApiException.internal(String.valueOf(e.getMessage())));
            }
            if (!(patched instanceof ObjectNode patchedObject)) {
                return Future.failedFuture(ApiException.internal("admission webhook \"" + hook.name()
                        + "\" patched the object into something that is not an object"));
            }
            ObjectNode before = a.object().deepCopy();
            replace(a, patchedObject);
            annotations.patch(operations);
            return Future.succeededFuture(!before.equals(a.object()));
        });
    }

    /**
     * The patched object, read back as the kind's type reads it (fields the type lacks are dropped) and converted as
     * Go converts it back to the internal version (a {@code stringData} the webhook added lands in {@code data}).
     */
    private static void replace(Attributes a, ObjectNode patched) {
        Optional<Class<?>> model = ResourceModels.of(a.kind());
        ObjectNode result = model.isPresent() ? ModelCodec.canonical(patched, model.get()) : patched;
        Optional<InputConversion> conversion = InputConversions.of(a.kind());
        if (conversion.isPresent()) {
            conversion.get().apply(result);
            if (model.isPresent()) {
                result = ModelCodec.canonical(result, model.get());
            }
        }
        result.set("apiVersion", patched.get("apiVersion"));
        result.set("kind", patched.get("kind"));
        a.object().removeAll();
        a.object().setAll(result);
    }

    /** Sends the review and checks the answer; the allowed response, or a failed future. */
    private Future<JsonNode> call(Webhook hook, Attributes a, CallAnnotations annotations) {
        if (a.dryRun()) {
            if (hook.sideEffects() == null) {
                return Future.failedFuture(new CallFailure(hook, BAD_REQUEST, "Webhook SideEffects is nil"));
            }
            if (!hook.sideEffects().equals("None") && !hook.sideEffects().equals("NoneOnDryRun")) {
                return Future.failedFuture(
                        ApiException.badRequest("admission webhook \"" + hook.name() + "\" does not support dry run"));
            }
        }
        Optional<String> version = hook.reviewVersions().stream()
                .filter(v -> v.equals("v1") || v.equals("v1beta1"))
                .findFirst();
        if (version.isEmpty()) {
            return Future.failedFuture(new CallFailure(
                    hook,
                    BAD_REQUEST,
                    "could not create admission objects: webhook does not "
                            + "accept known AdmissionReview versions (v1, v1beta1)"));
        }
        String uid = UUID.randomUUID().toString();
        String apiVersion = "admission.k8s.io/" + version.get();
        return client.post(hook, AdmissionReviewBody.of(apiVersion, uid, a))
                .recover(error -> Future.failedFuture(
                        error instanceof WebhookCallException failed
                                ? new CallFailure(hook, failed.code(), "failed to call webhook: " + error.getMessage())
                                : error))
                .compose(review -> {
                    String invalid = AdmissionReviewBody.verify(review, apiVersion, uid);
                    if (invalid != null) {
                        return Future.failedFuture(new CallFailure(
                                hook, SERVICE_UNAVAILABLE, "received invalid webhook response: " + invalid));
                    }
                    JsonNode response = review.path("response");
                    annotations.fromResponse(response);
                    response.path("warnings").forEach(w -> a.warnings().accept(w.asText()));
                    if (!response.path("allowed").asBoolean(false)) {
                        return Future.failedFuture(new Rejection(rejection(hook.name(), response.path("status"))));
                    }
                    return Future.succeededFuture(response);
                });
    }

    /** {@code webhookerrors.ToStatusErr}: the webhook's status, at least 400, Failure, its message prefixed. */
    static ApiException rejection(String webhook, JsonNode result) {
        String deniedBy = "admission webhook \"" + webhook + "\" denied the request";
        int code = Math.max(result.path("code").asInt(0), 400);
        String message = result.path("message").asText("");
        String reason = result.path("reason").asText("");
        String text = !message.isEmpty()
                ? deniedBy + ": " + message
                : !reason.isEmpty() ? deniedBy + ": " + reason : deniedBy + " without explanation";
        StatusDetails details = result.hasNonNull("details")
                ? Json.MAPPER.convertValue(result.get("details"), StatusDetails.class)
                : null;
        return new ApiException(
                new Status(Status.FAILURE, text, reason.isEmpty() ? null : reason, details, code, Map.of()));
    }
}
