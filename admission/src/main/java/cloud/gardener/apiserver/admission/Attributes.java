package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;

/**
 * What a plugin is told about one request, as {@code admission.Attributes}.
 *
 * @param kind        the kind of the object
 * @param resource    the resource
 * @param subresource the subresource, or empty
 * @param namespace   the namespace, or empty for cluster-scoped resources
 * @param name        the object's name (may be empty on create with generateName)
 * @param operation   the operation
 * @param object      the new object (mutating plugins may change it); null on delete
 * @param oldObject   the stored object on update and delete; null on create
 * @param user        who asks
 * @param dryRun      whether nothing will be persisted
 * @param warnings    takes warnings for the client ({@code warning.AddWarning}), as webhooks send them
 * @param audit       takes annotations for the request's audit events ({@code AddAnnotation})
 * @param records     the objects as records of the typed model, shared by the request's plugins ({@link #object(Class)})
 */
public record Attributes(
        GroupVersionKind kind,
        GroupResource resource,
        String subresource,
        String namespace,
        String name,
        Operation operation,
        ObjectNode object,
        ObjectNode oldObject,
        UserInfo user,
        boolean dryRun,
        Consumer<String> warnings,
        AuditAnnotations audit,
        AdmittedRecords records) {

    /** A request whose records are decoded from its trees alone. */
    public Attributes(
            GroupVersionKind kind,
            GroupResource resource,
            String subresource,
            String namespace,
            String name,
            Operation operation,
            ObjectNode object,
            ObjectNode oldObject,
            UserInfo user,
            boolean dryRun,
            Consumer<String> warnings,
            AuditAnnotations audit) {
        this(
                kind,
                resource,
                subresource,
                namespace,
                name,
                operation,
                object,
                oldObject,
                user,
                dryRun,
                warnings,
                audit,
                AdmittedRecords.decoded());
    }

    /** A request nobody audits. */
    public Attributes(
            GroupVersionKind kind,
            GroupResource resource,
            String subresource,
            String namespace,
            String name,
            Operation operation,
            ObjectNode object,
            ObjectNode oldObject,
            UserInfo user,
            boolean dryRun,
            Consumer<String> warnings) {
        this(
                kind,
                resource,
                subresource,
                namespace,
                name,
                operation,
                object,
                oldObject,
                user,
                dryRun,
                warnings,
                AuditAnnotations.NONE);
    }

    /** A request whose warnings nobody reads. */
    public Attributes(
            GroupVersionKind kind,
            GroupResource resource,
            String subresource,
            String namespace,
            String name,
            Operation operation,
            ObjectNode object,
            ObjectNode oldObject,
            UserInfo user,
            boolean dryRun) {
        this(kind, resource, subresource, namespace, name, operation, object, oldObject, user, dryRun, w -> {});
    }

    /**
     * The new object as a record of the typed model (its storage version's), as the current plugin received it: decoded
     * once and shared until a mutating plugin may have changed the tree. A mutating plugin reads it before it changes
     * {@link #object()}. Fails when there is no new object (delete).
     */
    public <T> T object(Class<T> type) {
        return records.object(object, type);
    }

    /** What this request's plugins looked up, to be looked up once per request ({@link RequestMemo}). */
    public RequestMemo memo() {
        return records.memo();
    }

    /** The stored object as a record of the typed model, decoded once per request. Fails on create. */
    public <T> T oldObject(Class<T> type) {
        return records.oldObject(oldObject, type);
    }
}
