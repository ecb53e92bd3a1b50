package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code request} of an {@code admission.k8s.io/v1} AdmissionReview, as a kube-apiserver sends it to a
 * webhook.
 *
 * @param uid       echoed in the response
 * @param operation CREATE, UPDATE, DELETE or CONNECT
 * @param object    the new object, null on delete
 * @param oldObject the stored object on update and delete, else null
 */
public record AdmissionRequest(
        String uid,
        GroupVersionKind kind,
        GroupResource resource,
        String subResource,
        String name,
        String namespace,
        String operation,
        UserInfo userInfo,
        ObjectNode object,
        ObjectNode oldObject,
        boolean dryRun) {

    /**
     * The request as admission attributes.
     *
     * @throws ApiException 400 for an operation admission does not know
     */
    public Attributes attributes() {
        Operation op;
        try {
            op = Operation.valueOf(operation);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("unknown operation \"" + operation + "\"");
        }
        return new Attributes(kind, resource, subResource, namespace, name, op, object, oldObject, userInfo, dryRun);
    }
}
