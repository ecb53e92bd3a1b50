package cloud.gardener.apiserver.admission.plugins.global.customverbauthorizer;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectMember;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ProjectTolerations;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Toleration;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.k8s.rbacv1.Subject;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Authorizer;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Gardener's CustomVerbAuthorizer: some changes need an RBAC verb beyond {@code create}/{@code update} on
 * the resource, asked of the server's authorizer: a Project's toleration whitelist, human members and owner
 * (unless the user is the owner), a NamespacedCloudProfile's kubernetes, machine images and provider config,
 * and a Shoot's control-plane worker pool (marking it self-hosted).
 */
public final class CustomVerbAuthorizer extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "CustomVerbAuthorizer";
    static final String MODIFY_TOLERATIONS_WHITELIST = "modify-spec-tolerations-whitelist";
    static final String MANAGE_MEMBERS = "manage-members";
    static final String MODIFY_KUBERNETES = "modify-spec-kubernetes";
    static final String MODIFY_MACHINE_IMAGES = "modify-spec-machineimages";
    static final String MODIFY_PROVIDER_CONFIG = "modify-spec-providerconfig";
    static final String MARK_SELF_HOSTED = "mark-self-hosted";
    private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";
    private static final ProjectSpec EMPTY_PROJECT_SPEC =
            new ProjectSpec(null, null, null, null, null, null, null, null);
    private static final NamespacedCloudProfileSpec EMPTY_PROFILE_SPEC =
            new NamespacedCloudProfileSpec(null, null, null, null, null, null, null, null);
    private static final Subject EMPTY_SUBJECT = new Subject(null, null, null, null);

    private final ObjectLookup objects;
    private final Authorizer authorizer;

    public CustomVerbAuthorizer(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.authorizer = context.authorizer();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!a.kind().group().equals(StandardResources.CORE)) {
            return Future.succeededFuture();
        }
        return switch (a.kind().kind()) {
            case "Project" -> project(a);
            case "NamespacedCloudProfile" -> namespacedCloudProfile(a);
            case "Shoot" -> {
                ShootSpec spec = a.object(Shoot.class).spec();
                ShootSpec oldSpec =
                        a.oldObject() == null ? null : a.oldObject(Shoot.class).spec();
                yield checkIfChanged(
                        a,
                        !CoreRules.semanticEqual(controlPlanePool(oldSpec), controlPlanePool(spec)),
                        MARK_SELF_HOSTED,
                        "modify .spec.provider.workers[].controlPlane");
            }
            default -> Future.succeededFuture();
        };
    }

    private Future<Void> namespacedCloudProfile(Attributes a) {
        NamespacedCloudProfileSpec spec = a.object(NamespacedCloudProfile.class).spec();
        NamespacedCloudProfileSpec oldSpec = a.oldObject() == null
                ? null
                : a.oldObject(NamespacedCloudProfile.class).spec();
        NamespacedCloudProfileSpec before = oldSpec == null ? EMPTY_PROFILE_SPEC : oldSpec;
        NamespacedCloudProfileSpec after = spec == null ? EMPTY_PROFILE_SPEC : spec;
        return checkIfChanged(
                        a,
                        !CoreRules.semanticEqual(before.kubernetes(), after.kubernetes()),
                        MODIFY_KUBERNETES,
                        "modify .spec.kubernetes")
                .compose(v -> checkIfChanged(
                        a,
                        !CoreRules.semanticEqual(before.machineImages(), after.machineImages()),
                        MODIFY_MACHINE_IMAGES,
                        "modify .spec.machineImages"))
                .compose(v -> checkIfChanged(
                        a,
                        // a RawExtension: JSON compared as JSON
                        !SemanticEquality.equal(before.providerConfig(), after.providerConfig()),
                        MODIFY_PROVIDER_CONFIG,
                        "modify .spec.providerConfig"));
    }

    private Future<Void> project(Attributes a) {
        ProjectSpec newSpec = a.object(Project.class).spec();
        ProjectSpec old =
                a.oldObject() == null ? null : a.oldObject(Project.class).spec();
        ProjectSpec oldSpec = old == null ? EMPTY_PROJECT_SPEC : old;
        ProjectSpec spec = newSpec == null ? EMPTY_PROJECT_SPEC : newSpec;
        if (tolerationsWhitelistChanged(oldSpec.tolerations(), spec.tolerations())) {
            return authorize(a, MODIFY_TOLERATIONS_WHITELIST, "modify .spec.tolerations.whitelist");
        }
        Subject owner = spec.owner();
        if (humanMembersChanged(oldSpec.members(), spec.members(), owner, a.user())) {
            return authorize(a, MANAGE_MEMBERS, "manage human users or groups in .spec.members");
        }
        Subject oldOwner = oldSpec.owner();
        boolean ownerSetInitially = oldOwner == null && owner != null;
        if (!ownerSetInitially && !userIsOwner(a.user(), oldOwner) && !CoreRules.semanticEqual(oldOwner, owner)) {
            return authorize(a, MANAGE_MEMBERS, "manage owner in .spec.owner");
        }
        return Future.succeededFuture();
    }

    private static boolean tolerationsWhitelistChanged(
            ProjectTolerations oldTolerations, ProjectTolerations tolerations) {
        if (CoreRules.semanticEqual(oldTolerations, tolerations)) {
            return false;
        }
        List<Toleration> oldWhitelist = oldTolerations == null ? null : oldTolerations.whitelist();
        List<Toleration> whitelist = tolerations == null ? null : tolerations.whitelist();
        return !CoreRules.semanticEqual(oldWhitelist, whitelist);
    }

    private static boolean humanMembersChanged(
            List<ProjectMember> oldMembers, List<ProjectMember> members, Subject owner, UserInfo user) {
        if (CoreRules.semanticEqual(oldMembers, members) || userIsOwner(user, owner)) {
            return false;
        }
        Set<String> before = humanMemberships(oldMembers);
        Set<String> after = humanMemberships(members);
        if (owner != null && !isServiceAccount(owner)) {
            String ownerKey = subjectKey(owner) + "\n";
            before.removeIf(m -> m.startsWith(ownerKey));
            after.removeIf(m -> m.startsWith(ownerKey));
        }
        return !before.equals(after);
    }

    /** One "subject\nrole" entry per role of each non-service-account member ("subject\n" without roles). */
    private static Set<String> humanMemberships(List<ProjectMember> members) {
        Set<String> out = new HashSet<>();
        for (ProjectMember member : CoreRules.list(members)) {
            Subject subject = member.subject() == null ? EMPTY_SUBJECT : member.subject();
            if (isServiceAccount(subject)) {
                continue;
            }
            String key = subjectKey(subject) + "\n";
            Set<String> roles = new HashSet<>();
            if (!CoreRules.empty(member.role())) {
                roles.add(member.role());
            }
            CoreRules.list(member.roles()).forEach(r -> roles.add(CoreRules.text(r)));
            if (roles.isEmpty()) {
                out.add(key);
            }
            roles.forEach(r -> out.add(key + r));
        }
        return out;
    }

    /** A ServiceAccount subject, or a User subject naming a service account; service account groups are not. */
    private static boolean isServiceAccount(Subject subject) {
        String apiGroup = CoreRules.text(subject.apiGroup());
        String kind = CoreRules.text(subject.kind());
        return (apiGroup.isEmpty() && kind.equals("ServiceAccount"))
                || (apiGroup.equals("rbac.authorization.k8s.io")
                        && kind.equals("User")
                        && CoreRules.text(subject.name()).startsWith(SERVICE_ACCOUNT_PREFIX));
    }

    private static String subjectKey(Subject subject) {
        return CoreRules.text(subject.kind()) + CoreRules.text(subject.name());
    }

    /** Whether the user is the owner; with no owner the creator becomes it, so everyone counts as owner. */
    private static boolean userIsOwner(UserInfo user, Subject owner) {
        if (owner == null) {
            return true;
        }
        String name = CoreRules.text(owner.name());
        return switch (CoreRules.text(owner.kind())) {
            case "ServiceAccount" -> {
                String[] parts = user.name().startsWith(SERVICE_ACCOUNT_PREFIX)
                        ? user.name().substring(SERVICE_ACCOUNT_PREFIX.length()).split(":", -1)
                        : new String[0];
                yield parts.length == 2
                        && !parts[0].isEmpty()
                        && !parts[1].isEmpty()
                        && parts[1].equals(name)
                        && parts[0].equals(CoreRules.text(owner.namespace()));
            }
            case "User" -> name.equals(user.name());
            case "Group" -> user.groups().contains(name);
            default -> false;
        };
    }

    /** {@code ControlPlaneWorkerPoolForShoot}: the first worker with a {@code controlPlane} section, or null. */
    private static Worker controlPlanePool(ShootSpec spec) {
        if (spec == null || spec.provider() == null) {
            return null;
        }
        for (Worker worker : CoreRules.list(spec.provider().workers())) {
            if (worker.controlPlane() != null) {
                return worker;
            }
        }
        return null;
    }

    private Future<Void> checkIfChanged(Attributes a, boolean changed, String verb, String operation) {
        return changed ? authorize(a, verb, operation) : Future.succeededFuture();
    }

    private Future<Void> authorize(Attributes a, String verb, String operation) {
        var request = new cloud.gardener.apiserver.authz.Attributes(
                a.user(),
                verb,
                true,
                "",
                a.resource().group(),
                "",
                a.namespace(),
                a.resource().resource(),
                "",
                a.name());
        return authorizer
                .authorize(request)
                .recover(e -> Future.failedFuture(ApiException.internal(e.getMessage())))
                .compose(decision -> decision.isAllowed()
                        ? Future.succeededFuture()
                        : Rejections.forbid(
                                a,
                                "user " + GoQuote.quote(a.user().name()) + " is not allowed to " + operation + " for "
                                        + GoQuote.quote(a.resource().resource())));
    }
}
