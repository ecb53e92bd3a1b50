package cloud.gardener.apiserver.admission.plugins.project.mutator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectMember;
import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.resource.StandardResources;
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
    public Future<Mutation> admit(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Project") || !RequestChecks.isMainResource(a)) {
            return Mutation.none();
        }
        // the record is read before the tree is written below
        Project project = a.object(Project.class);
        if (RequestChecks.skipVerification(a.operation(), project.metadata())) {
            return Mutation.none();
        }
        Subject owner = project.spec() == null ? null : project.spec().owner();
        List<ProjectMember> members = project.spec() == null
                ? List.of()
                : CoreRules.list(project.spec().members());
        ObjectNode spec = a.object().withObjectProperty("spec");
        if (a.operation() == Operation.CREATE) {
            ObjectNode createdBy = spec.putObject("createdBy");
            createdBy
                    .put("kind", "User")
                    .put("apiGroup", "rbac.authorization.k8s.io")
                    .put("name", a.user().name());
            if (owner == null) {
                java.util.Optional<Subject> ownerMember = firstOwnerMember(members);
                owner = ownerMember.orElseGet(() -> new Subject(
                        "User", "rbac.authorization.k8s.io", a.user().name(), null));
                spec.set("owner", ownerMember.map(ProjectMutator::tree).orElse(createdBy.deepCopy()));
            }
        }
        ensureOwnerIsMember(spec, members, owner);
        // withObjectProperty("spec") alone may have added the spec
        return Mutation.wrote();
    }

    private static java.util.Optional<Subject> firstOwnerMember(List<ProjectMember> members) {
        for (ProjectMember member : members) {
            if (roles(member).contains("owner")) {
                return java.util.Optional.of(member.subject());
            }
        }
        return java.util.Optional.empty();
    }

    private static void ensureOwnerIsMember(ObjectNode spec, List<ProjectMember> members, Subject owner) {
        if (owner == null) {
            return;
        }
        Subject ownerSubject = normalized(owner);
        for (ProjectMember member : members) {
            if (member.subject() != null && normalized(member.subject()).equals(ownerSubject)) {
                return;
            }
        }
        ArrayNode list = spec.has("members") && spec.get("members").isArray()
                ? (ArrayNode) spec.get("members")
                : spec.putArray("members");
        ObjectNode member = tree(owner);
        member.put("role", "admin");
        member.putArray("roles").add("owner");
        list.add(member);
    }

    /** A subject with its unset fields empty: two subjects are the same member when these are equal. */
    private static Subject normalized(Subject s) {
        return new Subject(
                CoreRules.text(s.kind()),
                CoreRules.text(s.apiGroup()),
                CoreRules.text(s.name()),
                CoreRules.text(s.namespace()));
    }

    /** The rbac Subject fields of a member or owner, without empty ones (they are omitted on the wire). */
    private static ObjectNode tree(Subject s) {
        Subject n = normalized(s);
        ObjectNode subject = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        List<String> values = List.of(n.kind(), n.apiGroup(), n.name(), n.namespace());
        for (int i = 0; i < SUBJECT_FIELDS.size(); i++) {
            if (!values.get(i).isEmpty()) {
                subject.put(SUBJECT_FIELDS.get(i), values.get(i));
            }
        }
        return subject;
    }

    private static List<String> roles(ProjectMember member) {
        List<String> roles = new java.util.ArrayList<>();
        if (!CoreRules.empty(member.role())) {
            roles.add(member.role());
        }
        roles.addAll(CoreRules.list(member.roles()));
        return roles;
    }
}
