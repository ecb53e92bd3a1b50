package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.model.GoStrings;
import cloud.gardener.apiserver.authn.UserInfo;
import java.util.Objects;

/**
 * What is being asked, as k8s.io/apiserver's {@code authorizer.AttributesRecord}. The server derives it
 * from the request info; strings are never {@code null} ({@code ""} when not applicable).
 *
 * @param user              who asks
 * @param verb              API verb ({@code get}, {@code list}, {@code watch}, {@code create}, ...) for resource
 *                          requests; the lower-cased HTTP method for non-resource requests
 * @param resourceRequest   whether this is a request for an API resource (else a non-resource path)
 * @param path              the request path
 * @param apiGroup          API group ({@code ""} for the core group)
 * @param apiVersion        API version
 * @param namespace         namespace, {@code ""} for cluster-scoped requests
 * @param resource          resource (plural)
 * @param subresource       subresource, e.g. {@code status}
 * @param name              object name, {@code ""} for collections
 * @param labelSelector     the raw {@code labelSelector} of list, watch and deletecollection, else {@code ""}
 * @param fieldSelector     the raw {@code fieldSelector} of list, watch and deletecollection, else {@code ""}
 */
public record Attributes(
        UserInfo user,
        String verb,
        boolean resourceRequest,
        String path,
        String apiGroup,
        String apiVersion,
        String namespace,
        String resource,
        String subresource,
        String name,
        String labelSelector,
        String fieldSelector) {

    public Attributes {
        Objects.requireNonNull(user, "user");
        verb = GoStrings.orEmpty(verb);
        path = GoStrings.orEmpty(path);
        apiGroup = GoStrings.orEmpty(apiGroup);
        apiVersion = GoStrings.orEmpty(apiVersion);
        namespace = GoStrings.orEmpty(namespace);
        resource = GoStrings.orEmpty(resource);
        subresource = GoStrings.orEmpty(subresource);
        name = GoStrings.orEmpty(name);
        labelSelector = GoStrings.orEmpty(labelSelector);
        fieldSelector = GoStrings.orEmpty(fieldSelector);
    }

    /** Without selectors. */
    public Attributes(
            UserInfo user,
            String verb,
            boolean resourceRequest,
            String path,
            String apiGroup,
            String apiVersion,
            String namespace,
            String resource,
            String subresource,
            String name) {
        this(user, verb, resourceRequest, path, apiGroup, apiVersion, namespace, resource, subresource, name, "", "");
    }

    /** These attributes with the request's raw label and field selectors. */
    public Attributes withSelectors(String newLabelSelector, String newFieldSelector) {
        return new Attributes(
                user,
                verb,
                resourceRequest,
                path,
                apiGroup,
                apiVersion,
                namespace,
                resource,
                subresource,
                name,
                newLabelSelector,
                newFieldSelector);
    }

    /** A resource request. */
    public static Attributes forResource(
            UserInfo user,
            String verb,
            String apiGroup,
            String apiVersion,
            String namespace,
            String resource,
            String subresource,
            String name,
            String path) {
        return new Attributes(user, verb, true, path, apiGroup, apiVersion, namespace, resource, subresource, name);
    }

    /** A non-resource request such as {@code GET /healthz} (verb {@code get}). */
    public static Attributes forPath(UserInfo user, String verb, String path) {
        return new Attributes(user, verb, false, path, "", "", "", "", "", "");
    }
}
