package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.webhook.RequestSelectors;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusCause;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Evaluates the policies for one request as k8s.io/apiserver's validating policy dispatcher: for each policy
 * that matches and each of its bindings that matches, the validations with each param; failed validations act
 * as the binding's validationActions say ({@code Deny} refuses the request, {@code Warn} warns the client,
 * {@code Audit} annotates the request's audit events with
 * {@code validation.policy.admission.k8s.io/validation_failure}); configuration errors follow the policy's failure
 * policy. The first denial refuses the request: 403 worded as {@code admission.NewForbidden}
 * but with the validation's reason and its code (422 for Invalid, the default).
 */
final class PolicyDispatcher {

    /** A denial and where it comes from; {@code binding} is null for a policy's own configuration error. */
    private record Denial(Policy policy, PolicyBinding binding, String message, String reason) {}

    static final String VALIDATION_FAILURE = "validation.policy.admission.k8s.io/validation_failure";

    private final ObjectLookup objects;
    private final Attributes a;
    private final List<Denial> denials = new ArrayList<>();

    private PolicyDispatcher(ObjectLookup objects, Attributes a) {
        this.objects = objects;
        this.a = a;
    }

    static Future<Void> dispatch(ObjectLookup objects, Attributes a, List<PolicyHook> hooks) {
        PolicyDispatcher dispatcher = new PolicyDispatcher(objects, a);
        return inTurn(hooks, dispatcher::policy).compose(v -> dispatcher.verdict());
    }

    private Future<Void> policy(PolicyHook hook) {
        Policy policy = hook.policy();
        if (policy.matchConstraints() == null) {
            configurationError(policy, null, "policy contained no match constraints, a required field");
            return Future.succeededFuture();
        }
        return configurationErrors(policy, null, policy.matchConstraints().matches(objects, a))
                .compose(matches -> {
                    if (!Boolean.TRUE.equals(matches)) {
                        return Future.succeededFuture();
                    }
                    if (policy.paramKind() != null
                            && Params.resource(policy.paramKind()).isEmpty()) {
                        configurationError(
                                policy,
                                null,
                                "failed to find resource referenced by paramKind: '"
                                        + Params.describe(policy.paramKind()) + "'");
                        return Future.succeededFuture();
                    }
                    return inTurn(hook.bindings(), binding -> binding(policy, binding));
                });
    }

    private Future<Void> binding(Policy policy, PolicyBinding binding) {
        Future<Boolean> matches = binding.matchResources() == null
                ? Future.succeededFuture(true)
                : configurationErrors(policy, binding, binding.matchResources().matches(objects, a));
        return matches.compose(match -> {
            if (!Boolean.TRUE.equals(match)) {
                return Future.succeededFuture();
            }
            return configurationErrors(
                            policy,
                            binding,
                            Params.collect(objects, policy.paramKind(), binding.paramRef(), a.namespace()))
                    .compose(params -> params == null
                            ? Future.succeededFuture()
                            : namespace().map(namespace -> {
                                for (ObjectNode param : params) {
                                    act(policy, binding, PolicyValidator.validate(policy, a, param, namespace));
                                }
                                return null;
                            }));
        });
    }

    /** The request's namespace; none for cluster-scoped requests and for a namespace's own requests. */
    private Future<ObjectNode> namespace() {
        boolean namespaceKind = a.kind().group().isEmpty()
                && a.kind().version().equals("v1")
                && a.kind().kind().equals("Namespace");
        if (a.namespace().isEmpty() || namespaceKind) {
            return Future.succeededFuture(null);
        }
        return RequestSelectors.namespace(objects, a.namespace());
    }

    private void act(Policy policy, PolicyBinding binding, List<PolicyValidator.Decision> decisions) {
        for (int i = 0; i < decisions.size(); i++) {
            PolicyValidator.Decision decision = decisions.get(i);
            if (!decision.deny()) {
                continue;
            }
            for (String action : binding.validationActions()) {
                switch (action) {
                    case "Deny" -> denials.add(new Denial(policy, binding, decision.message(), decision.reason()));
                    case "Warn" ->
                        a.warnings()
                                .accept("Validation failed for ValidatingAdmissionPolicy '" + policy.name()
                                        + "' with binding '" + binding.name() + "': " + decision.message());
                    case "Audit" -> a.audit().add(VALIDATION_FAILURE, validationFailure(binding, i, decision));
                    default -> {}
                }
            }
        }
    }

    /** upstream's {@code publishValidationFailureAnnotation}: a list of one failure, as Go marshals it. */
    private static String validationFailure(
            PolicyBinding binding, int expressionIndex, PolicyValidator.Decision decision) {
        ObjectNode failure = Json.MAPPER.createObjectNode();
        failure.put("message", decision.message());
        failure.put("policy", binding.policyName());
        failure.put("binding", binding.name());
        failure.put("expressionIndex", expressionIndex);
        ArrayNode actions = failure.putArray("validationActions");
        binding.validationActions().forEach(actions::add);
        return AuditAnnotations.goJson(Json.MAPPER.createArrayNode().add(failure));
    }

    /** A configuration error becomes a denial unless the policy ignores failures. */
    private <T> Future<T> configurationErrors(Policy policy, PolicyBinding binding, Future<T> step) {
        return step.recover(error -> {
            if (error instanceof ConfigurationError || error instanceof ApiException) {
                configurationError(policy, binding, error.getMessage());
                return Future.succeededFuture(null);
            }
            return Future.failedFuture(error);
        });
    }

    private void configurationError(Policy policy, PolicyBinding binding, String message) {
        switch (policy.failurePolicy()) {
            case "Ignore" -> {}
            case "Fail" ->
                denials.add(new Denial(
                        policy,
                        binding,
                        (binding == null ? "failed to configure policy: " : "failed to configure binding: ") + message,
                        ""));
            default ->
                denials.add(new Denial(
                        policy, binding, "unrecognized failure policy: '" + policy.failurePolicy() + "'", ""));
        }
    }

    private Future<Void> verdict() {
        if (denials.isEmpty()) {
            return Future.succeededFuture();
        }
        Denial denial = denials.get(0);
        String message = denial.binding() != null
                ? "ValidatingAdmissionPolicy '" + denial.policy().name() + "' with binding '"
                        + denial.binding().name() + "' denied request: " + denial.message()
                : "ValidatingAdmissionPolicy '" + denial.policy().name() + "' denied request: " + denial.message();
        Status forbidden = Rejections.forbidden(a, message).status();
        String reason = denial.reason().isEmpty() ? "Invalid" : denial.reason();
        StatusDetails details = (forbidden.details() == null ? StatusDetails.EMPTY : forbidden.details())
                .withCauses(List.of(new StatusCause(null, message, null)));
        return Future.failedFuture(new ApiException(
                new Status(Status.FAILURE, forbidden.message(), reason, details, code(reason), forbidden.metadata())));
    }

    /** {@code reasonToCode}. */
    private static int code(String reason) {
        return switch (reason) {
            case "Forbidden" -> 403;
            case "Unauthorized" -> 401;
            case "RequestEntityTooLarge" -> 413;
            default -> 422;
        };
    }

    private static <T> Future<Void> inTurn(List<T> items, Function<T, Future<Void>> each) {
        Future<Void> chain = Future.succeededFuture();
        for (T item : items) {
            chain = chain.compose(v -> each.apply(item));
        }
        return chain;
    }
}
