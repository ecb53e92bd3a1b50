package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.DualApprovalForDeletion;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectMember;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectSpec;
import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code ValidateProject}: a short name, a {@code garden-} namespace, members with valid subjects and roles,
 * tolerations and dual-approval settings; namespace, createdBy and owner cannot be changed or reset.
 */
public final class ProjectValidator implements Validator<Project> {

    static final int MAX_NAME_LENGTH = 10;
    static final List<String> RESERVED_NAMESPACES =
            List.of("gardener-system-seed-lease", "gardener-system-shoot-issuer", "gardener-system-public");
    static final List<String> ROLES = List.of("admin", "owner", "serviceaccountmanager", "uam", "viewer");
    static final String EXTENSION_ROLE_PREFIX = "extension:";
    static final int EXTENSION_ROLE_MAX_LENGTH = 20;
    private static final String SERVICE_ACCOUNT_USER_PREFIX = "system:serviceaccount:";

    @Override
    public List<FieldError> validate(Project project) {
        return validate(project, false, false);
    }

    private List<FieldError> validate(Project project, boolean allowInvalidDescription, boolean allowInvalidPurpose) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                project.metadata(), false, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        String name = project.metadata() == null ? "" : text(project.metadata().name());
        if (name.length() > MAX_NAME_LENGTH) {
            errs.add(FieldError.tooLong("metadata.name", name, MAX_NAME_LENGTH));
        }
        errs.addAll(CoreRules.noConsecutiveHyphens(name, FieldPath.of("metadata", "name")));
        errs.addAll(spec(spec(project), allowInvalidDescription, allowInvalidPurpose, FieldPath.of("spec")));
        return errs;
    }

    private static List<FieldError> spec(
            ProjectSpec spec, boolean allowInvalidDescription, boolean allowInvalidPurpose, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String namespace = spec.namespace();
        if (namespace != null) {
            if (RESERVED_NAMESPACES.contains(namespace)) {
                errs.add(FieldError.invalid(
                        path.child("namespace").toString(),
                        namespace,
                        "Project namespaces [" + String.join(", ", RESERVED_NAMESPACES)
                                + "] are reserved by Gardener"));
                return errs;
            }
            if (!namespace.equals("garden") && !namespace.startsWith("garden-")) {
                errs.add(FieldError.invalid(path.child("namespace").toString(), namespace, "must start with garden-"));
            }
            errs.addAll(CoreRules.namespaceName(namespace, path.child("namespace")));
        }
        boolean ownerFound = false;
        Set<String> members = new HashSet<>();
        List<ProjectMember> ms = list(spec.members());
        for (int i = 0; i < ms.size(); i++) {
            ProjectMember member = ms.get(i);
            FieldPath idx = path.child("members").index(i);
            Subject s = subject(member);
            String id;
            if ("User".equals(s.kind()) && text(s.name()).startsWith(SERVICE_ACCOUNT_USER_PREFIX)) {
                String[] parts = s.name().split(":", -1);
                if (parts.length < 4) {
                    errs.add(FieldError.invalid(
                            idx.child("name").toString(),
                            s.name(),
                            "unsupported service account user name: \"" + s.name() + "\""));
                    continue;
                }
                id = "_ServiceAccount_" + parts[2] + "_" + parts[3];
            } else {
                id = text(s.apiGroup()) + "_" + text(s.kind()) + "_" + text(s.namespace()) + "_" + text(s.name());
            }
            if (!members.add(id)) {
                errs.add(FieldError.duplicate(idx.toString(), CoreRules.tree(member)));
            }
            errs.addAll(member(member, idx));
            List<String> roles = roles(member);
            for (int j = 0; j < roles.size(); j++) {
                if ("owner".equals(roles.get(j))) {
                    if (ownerFound) {
                        errs.add(FieldError.forbidden(
                                idx.child("roles").index(j).toString(),
                                "cannot have more than one member having the owner role"));
                    } else {
                        ownerFound = true;
                    }
                }
            }
        }
        if (spec.createdBy() != null) {
            errs.addAll(subject(spec.createdBy(), path.child("createdBy")));
        }
        if (spec.owner() != null) {
            errs.addAll(subject(spec.owner(), path.child("owner")));
        }
        if (spec.description() != null) {
            errs.addAll(
                    freeText(spec.description(), allowInvalidDescription, "description", path.child("description")));
        }
        if (spec.purpose() != null) {
            errs.addAll(freeText(spec.purpose(), allowInvalidPurpose, "purpose", path.child("purpose")));
        }
        if (spec.tolerations() != null) {
            FieldPath t = path.child("tolerations");
            errs.addAll(CoreRules.tolerations(spec.tolerations().defaults(), t.child("defaults")));
            errs.addAll(CoreRules.tolerations(spec.tolerations().whitelist(), t.child("whitelist")));
            errs.addAll(CoreRules.tolerationsAllowed(
                    spec.tolerations().defaults(), spec.tolerations().whitelist(), t.child("defaults")));
        }
        errs.addAll(dualApproval(spec.dualApprovalForDeletion(), path.child("dualApprovalForDeletion")));
        return errs;
    }

    private static List<FieldError> freeText(String value, boolean allowInvalid, String what, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (value.isEmpty()) {
            errs.add(FieldError.required(path.toString(), "must provide a " + what + " when key is present"));
        }
        if (!allowInvalid) {
            errs.addAll(CoreRules.freeFormText(value, path));
        }
        return errs;
    }

    /** {@code ValidateSubject}. */
    static List<FieldError> subject(Subject s, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String name = text(s.name());
        if (name.isEmpty()) {
            errs.add(FieldError.required(path.child("name").toString(), ""));
        }
        switch (text(s.kind())) {
            case "ServiceAccount" -> {
                if (!name.isEmpty()) {
                    for (String msg : NameRules.DNS_SUBDOMAIN_NAME.problems(name, false)) {
                        errs.add(FieldError.invalid(path.child("name").toString(), name, msg));
                    }
                }
                if (!empty(s.apiGroup())) {
                    errs.add(FieldError.notSupported(path.child("apiGroup").toString(), s.apiGroup(), List.of("")));
                }
                if (empty(s.namespace())) {
                    errs.add(FieldError.required(path.child("namespace").toString(), ""));
                } else {
                    errs.addAll(CoreRules.namespaceName(s.namespace(), path.child("namespace")));
                }
            }
            case "User", "Group" -> {
                if (!"rbac.authorization.k8s.io".equals(s.apiGroup())) {
                    errs.add(FieldError.notSupported(
                            path.child("apiGroup").toString(),
                            text(s.apiGroup()),
                            List.of("rbac.authorization.k8s.io")));
                }
                if (!empty(s.namespace())) {
                    errs.add(FieldError.forbidden(
                            path.child("namespace").toString(), "must not be set when kind is User or Group"));
                }
            }
            default ->
                errs.add(FieldError.notSupported(
                        path.child("kind").toString(), text(s.kind()), List.of("ServiceAccount", "User", "Group")));
        }
        return errs;
    }

    /** {@code ValidateProjectMember}. */
    private static List<FieldError> member(ProjectMember member, FieldPath path) {
        List<FieldError> errs = new ArrayList<>(subject(subject(member), path));
        Set<String> found = new HashSet<>();
        List<String> roles = roles(member);
        List<String> supported = new ArrayList<>(ROLES);
        supported.add(EXTENSION_ROLE_PREFIX + "*");
        for (int i = 0; i < roles.size(); i++) {
            String role = text(roles.get(i));
            FieldPath p = path.child("roles").index(i);
            if (!found.add(role)) {
                errs.add(FieldError.duplicate(p.toString(), role));
            }
            if (!ROLES.contains(role) && !role.startsWith(EXTENSION_ROLE_PREFIX)) {
                errs.add(FieldError.notSupported(p.toString(), role, supported));
            }
            if (role.startsWith(EXTENSION_ROLE_PREFIX)) {
                String ext = role.substring(EXTENSION_ROLE_PREFIX.length());
                if (ext.length() > EXTENSION_ROLE_MAX_LENGTH) {
                    errs.add(FieldError.tooLong(p.toString(), role, EXTENSION_ROLE_MAX_LENGTH));
                }
                List<String> problems = NameRules.pathSegmentName(ext);
                if (!problems.isEmpty()) {
                    errs.add(FieldError.invalid(p.toString(), role, String.join(", ", problems)));
                }
            }
        }
        return errs;
    }

    private static List<FieldError> dualApproval(List<DualApprovalForDeletion> configs, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        Set<String> resources = new HashSet<>();
        List<DualApprovalForDeletion> cs = list(configs);
        for (int i = 0; i < cs.size(); i++) {
            DualApprovalForDeletion c = cs.get(i);
            FieldPath idx = path.index(i);
            if (empty(c.resource())) {
                errs.add(FieldError.required(idx.child("resource").toString(), "cannot be empty"));
            } else {
                if (!c.resource().equals("shoots")) {
                    errs.add(
                            FieldError.notSupported(idx.child("resource").toString(), c.resource(), List.of("shoots")));
                }
                if (!resources.add(c.resource())) {
                    errs.add(FieldError.duplicate(idx.child("resource").toString(), c.resource()));
                }
            }
            errs.addAll(NameRules.labelSelector(c.selector(), idx.child("selector")));
        }
        return errs;
    }

    /** The member's roles as the internal version holds them: {@code role} first, then the other {@code roles}. */
    static List<String> roles(ProjectMember member) {
        List<String> roles = new ArrayList<>();
        if (!empty(member.role())) {
            roles.add(member.role());
            list(member.roles()).stream()
                    .filter(r -> !Objects.equals(r, member.role()))
                    .forEach(roles::add);
        } else {
            roles.addAll(list(member.roles()));
        }
        return roles;
    }

    private static Subject subject(ProjectMember member) {
        return member.subject() == null ? new Subject(null, null, null, null) : member.subject();
    }

    @Override
    public List<FieldError> validateUpdate(Project project, Project old) {
        ProjectSpec spec = spec(project);
        ProjectSpec oldSpec = spec(old);
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(project.metadata(), old.metadata(), FieldPath.of("metadata")));
        // unchanged (possibly invalid) descriptions and purposes stay allowed
        errs.addAll(validate(
                project,
                Objects.equals(spec.description(), oldSpec.description()),
                Objects.equals(spec.purpose(), oldSpec.purpose())));
        if (oldSpec.createdBy() != null) {
            errs.addAll(CoreRules.immutable(spec.createdBy(), oldSpec.createdBy(), FieldPath.of("spec", "createdBy")));
        }
        if (oldSpec.namespace() != null) {
            errs.addAll(CoreRules.immutable(spec.namespace(), oldSpec.namespace(), FieldPath.of("spec", "namespace")));
        }
        if (oldSpec.owner() != null && spec.owner() == null) {
            errs.add(FieldError.invalid("spec.owner", GoValue.NULL, "owner cannot be reset"));
        }
        return errs;
    }

    private static ProjectSpec spec(Project p) {
        return p.spec() == null ? new ProjectSpec(null, null, null, null, null, null, null, null) : p.spec();
    }
}
