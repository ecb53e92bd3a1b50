package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.webhook.RequestSelectors;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The params a binding validates with, as k8s.io/apiserver's {@code generic.CollectParams}: one evaluation per
 * param; a single null when the policy or binding uses none; none at all (so nothing to validate) when the
 * referenced params do not exist, unless {@code parameterNotFoundAction: Deny}. Params are read with the
 * plugins' object lookup, so their kind must be one this server serves or mirrors (core ConfigMaps and Secrets,
 * Gardener's kinds).
 */
final class Params {

    private Params() {}

    /** The resource of a policy's param kind; empty when no served resource has that kind. */
    static Optional<ResourceType> resource(Policy.ParamKind kind) {
        String[] gv = kind.groupVersion();
        return gv == null ? Optional.empty() : ServedResources.byKind(gv[0], gv[1], kind.kind());
    }

    /** Go's {@code %v} of the param kind's {@code schema.GroupVersionKind}. */
    static String describe(Policy.ParamKind kind) {
        String[] gv = kind.groupVersion();
        return gv[0] + "/" + gv[1] + ", Kind=" + kind.kind();
    }

    /** The params; fails with a {@link ConfigurationError} when the binding cannot be applied. */
    static Future<List<ObjectNode>> collect(
            ObjectLookup objects, Policy.ParamKind kind, PolicyBinding.ParamRef ref, String namespace) {
        if (kind == null || ref == null) {
            return Future.succeededFuture(Collections.singletonList(null));
        }
        Optional<ResourceType> type = resource(kind);
        if (type.isEmpty()) {
            return error("paramKind kind `" + kind.describe() + "` not known");
        }
        GroupResource resource =
                new GroupResource(type.get().group(), type.get().plural());
        String paramsNamespace = "";
        if (type.get().namespaced()) {
            paramsNamespace = ref.namespace().isEmpty() ? namespace : ref.namespace();
            if (paramsNamespace.isEmpty()) {
                return error("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources");
            }
        } else if (!ref.namespace().isEmpty()) {
            return error("paramRef.namespace must not be provided for a cluster-scoped `paramKind`");
        }
        Future<List<ObjectNode>> found;
        if (!ref.name().isEmpty()) {
            if (ref.selector() != null) {
                return error("paramRef.name and paramRef.selector are mutually exclusive");
            }
            found = objects.get(resource, paramsNamespace, ref.name())
                    .map(param -> param.map(List::of).orElse(List.of()));
        } else if (ref.selector() != null) {
            if (!LabelSelectors.convertible(ref.selector())) {
                return error("paramRef.selector is not a valid label selector");
            }
            // a list may hand out compact views: the selected params are read whole
            found = objects.list(resource, paramsNamespace).compose(all -> {
                List<Future<Optional<ObjectNode>>> selected = new ArrayList<>();
                all.stream()
                        .filter(p -> LabelSelectors.matches(ref.selector(), RequestSelectors.labels(p)))
                        .forEach(p -> selected.add(objects.get(
                                resource,
                                p.path("metadata").path("namespace").asText(""),
                                p.path("metadata").path("name").asText())));
                return Future.all(selected).map(done -> {
                    List<ObjectNode> params = new ArrayList<>();
                    selected.forEach(param -> param.result().ifPresent(params::add));
                    return params;
                });
            });
        } else {
            return error("one of name or selector must be provided");
        }
        return found.compose(params -> params.isEmpty() && ref.denyWhenNotFound()
                ? error("no params found for policy binding with `Deny` parameterNotFoundAction")
                : Future.succeededFuture(params));
    }

    private static <T> Future<T> error(String message) {
        return Future.failedFuture(new ConfigurationError(message));
    }
}
