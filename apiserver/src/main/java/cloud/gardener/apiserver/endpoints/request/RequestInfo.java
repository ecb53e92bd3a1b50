package cloud.gardener.apiserver.endpoints.request;

import java.util.List;

/**
 * What a request addresses, as {@code k8s.io/apiserver} request info: authorization attributes,
 * audit and routing all read it.
 *
 * @param isResourceRequest whether the path addresses an API resource (or subresource)
 * @param path              the URL path as received
 * @param verb              the Kubernetes verb (get, list, watch, create, update, patch, delete,
 *                          deletecollection, proxy); for non-resource requests the lower-case HTTP method;
 *                          empty for an unknown method on a resource path
 * @param apiPrefix         {@code apis} or {@code api}; empty for non-resource requests
 * @param apiGroup          the API group; empty for the core group and non-resource requests
 * @param apiVersion        the API version
 * @param namespace         the namespace, empty when cluster-scoped or across all namespaces
 * @param resource          the resource, e.g. {@code shoots}
 * @param subresource       the subresource, e.g. {@code status}
 * @param name              the object name, possibly taken from a {@code metadata.name=} field selector
 * @param parts             the path segments starting at the resource ({@code [resource, name, subresource, ...]})
 * @param labelSelector     the raw {@code labelSelector} for list, watch and deletecollection; else empty
 * @param fieldSelector     the raw {@code fieldSelector} for list, watch and deletecollection; else empty
 */
public record RequestInfo(
        boolean isResourceRequest,
        String path,
        String verb,
        String apiPrefix,
        String apiGroup,
        String apiVersion,
        String namespace,
        String resource,
        String subresource,
        String name,
        List<String> parts,
        String labelSelector,
        String fieldSelector) {

    public RequestInfo {
        parts = List.copyOf(parts);
    }

    /** A request that is not for an API resource: its verb is the lower-case HTTP method. */
    public static RequestInfo nonResource(String path, String method) {
        return new RequestInfo(
                false, path, method.toLowerCase(java.util.Locale.ROOT), "", "", "", "", "", "", "", List.of(), "", "");
    }

    /** Whether the request is one of the long-running verbs the request deadline does not apply to. */
    public boolean isLongRunning() {
        return isResourceRequest && ("watch".equals(verb) || "proxy".equals(verb));
    }
}
