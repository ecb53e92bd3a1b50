package cloud.gardener.apiserver.admission.plugins.project.mutator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/**
 * Gardener's ProjectMutator: on create records the requesting user as {@code spec.createdBy} and defaults
 * {@code spec.owner} (the first member with the owner role, else the creator); on create and update makes
 * sure the owner is a member. Works on the v1beta1 tree, where a member's first role is {@code role} and the
 * others are {@code roles}.
 */
public final class ProjectMutator extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ProjectMutator";
    private static final List<String> SUBJECT_FIELDS = List.of("kind", "apiGroup", "name", "namespace");

    public ProjectMutator(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Project")
                || !RequestChecks.isMainResource(a)
                || RequestChecks.skipVerification(a)) {
            return Future.succeededFuture();
        }
        ObjectNode spec = a.object().withObjectProperty("spec");
        if (a.operation() == Operation.CREATE) {
            ObjectNode createdBy = spec.putObject("createdBy");
            createdBy
                    .put("kind", "User")
                    .put("apiGroup", "rbac.authorization.k8s.io")
                    .put("name", a.user().name());
            if (!spec.hasNonNull("owner")) {
                spec.set("owner", firstOwnerMember(spec).orElse(createdBy.deepCopy()));
            }
        }
        ensureOwnerIsMember(spec);
        return Future.succeededFuture();
    }

    private static java.util.Optional<ObjectNode> firstOwnerMember(ObjectNode spec) {
        for (JsonNode member : spec.path("members")) {
            if (roles(member).contains("owner")) {
                return java.util.Optional.of(subject(member));
            }
        }
        return java.util.Optional.empty();
    }

    private static void ensureOwnerIsMember(ObjectNode spec) {
        JsonNode owner = spec.get("owner");
        if (owner == null || owner.isNull()) {
            return;
        }
        ObjectNode ownerSubject = subject(owner);
        for (JsonNode member : spec.path("members")) {
            if (subject(member).equals(ownerSubject)) {
                return;
            }
        }
        ArrayNode members = spec.has("members") && spec.get("members").isArray()
                ? (ArrayNode) spec.get("members")
                : spec.putArray("members");
        ObjectNode member = ownerSubject.deepCopy();
        member.put("role", "admin");
        member.putArray("roles").add("owner");
        members.add(member);
    }

    /** The rbac Subject fields of a member or owner, without empty ones (they are omitted on the wire). */
    private static ObjectNode subject(JsonNode node) {
        ObjectNode subject = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        for (String field : SUBJECT_FIELDS) {
            String value = JsonTrees.text(node, field);
            if (!value.isEmpty()) {
                subject.put(field, value);
            }
        }
        return subject;
    }

    private static List<String> roles(JsonNode member) {
        List<String> roles = new java.util.ArrayList<>();
        if (!JsonTrees.text(member, "role").isEmpty()) {
            roles.add(member.get("role").asText());
        }
        member.path("roles").forEach(r -> roles.add(r.asText()));
        return roles;
    }
}
