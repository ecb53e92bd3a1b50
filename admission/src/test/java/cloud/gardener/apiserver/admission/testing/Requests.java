package cloud.gardener.apiserver.admission.testing;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;

/** Builds the attributes of admission requests for plugin tests. */
public final class Requests {

    public static final UserInfo ALICE = UserInfo.of("alice", List.of("system:authenticated"));

    private Requests() {}

    /** Parses YAML (or JSON) into an object tree. */
    public static ObjectNode object(String yaml) {
        try {
            return (ObjectNode) Json.YAML.readTree(yaml);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static Attributes create(GroupVersionKind kind, GroupResource resource, ObjectNode object) {
        return of(kind, resource, "", Operation.CREATE, object, null, ALICE);
    }

    public static Attributes update(GroupVersionKind kind, GroupResource resource, ObjectNode object, ObjectNode old) {
        return of(kind, resource, "", Operation.UPDATE, object, old, ALICE);
    }

    public static Attributes delete(GroupVersionKind kind, GroupResource resource, ObjectNode old) {
        return of(kind, resource, "", Operation.DELETE, null, old, ALICE);
    }

    /** Any request; namespace and name come from the object (or the old object). */
    public static Attributes of(
            GroupVersionKind kind,
            GroupResource resource,
            String subresource,
            Operation operation,
            ObjectNode object,
            ObjectNode old,
            UserInfo user) {
        ObjectNode source = object != null ? object : old;
        String namespace =
                source == null ? "" : source.path("metadata").path("namespace").asText();
        String name = source == null ? "" : source.path("metadata").path("name").asText();
        return new Attributes(kind, resource, subresource, namespace, name, operation, object, old, user, false);
    }

    /** A request for {@code namespace}/{@code name} of {@code resource} whose kind no plugin reads (v1, kind X). */
    public static Attributes at(
            UserInfo user,
            GroupResource resource,
            Operation operation,
            String namespace,
            String name,
            ObjectNode object) {
        return new Attributes(
                new GroupVersionKind(resource.group(), "v1", "X"),
                resource,
                "",
                namespace,
                name,
                operation,
                object,
                null,
                user,
                false);
    }
}
