package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.validation.GoQuote;

/**
 * The 403 a denied request gets, worded as k8s.io/apiserver's {@code responsewriters.Forbidden}:
 * {@code User "<u>" cannot <verb> resource "<res>[/<sub>]" in API group "<g>" in the namespace "<ns>"}
 * (or {@code at the cluster scope}), or {@code User "<u>" cannot <verb> path "<p>"} for non-resource
 * requests, then {@code : <reason>} when the authorizers gave one. Quoted values are quoted like Go's
 * {@code %q}.
 */
public final class ForbiddenMessages {

    private ForbiddenMessages() {}

    /** The Status error to answer with. */
    public static ApiException of(Attributes attributes, String reason) {
        String message = message(attributes);
        if (reason != null && !reason.isEmpty()) {
            message = message + ": " + reason;
        }
        if (attributes.apiGroup().isEmpty() && attributes.resource().isEmpty()) {
            return ApiException.forbiddenPath(message);
        }
        return ApiException.forbidden(
                new GroupResource(attributes.apiGroup(), attributes.resource()), attributes.name(), message);
    }

    /** The message without the reason. */
    public static String message(Attributes attributes) {
        String user = GoQuote.quote(attributes.user().name());
        if (!attributes.resourceRequest()) {
            return "User " + user + " cannot " + attributes.verb() + " path " + GoQuote.quote(attributes.path());
        }
        String resource = attributes.resource();
        if (!attributes.subresource().isEmpty()) {
            resource = resource + "/" + attributes.subresource();
        }
        String prefix = "User " + user + " cannot " + attributes.verb() + " resource " + GoQuote.quote(resource)
                + " in API group " + GoQuote.quote(attributes.apiGroup());
        return attributes.namespace().isEmpty()
                ? prefix + " at the cluster scope"
                : prefix + " in the namespace " + GoQuote.quote(attributes.namespace());
    }
}
