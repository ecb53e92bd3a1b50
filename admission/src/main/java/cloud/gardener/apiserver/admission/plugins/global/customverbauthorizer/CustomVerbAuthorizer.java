package cloud.gardener.apiserver.admission.plugins.global.customverbauthorizer;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.vertx.core.Future;
import java.util.HashSet;
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
        JsonNode spec = a.object().path("spec");
        JsonNode oldSpec = a.oldObject() == null
                ? MissingNode.getInstance()
                : a.oldObject().path("spec");
        return switch (a.kind().kind()) {
            case "Project" -> project(a, oldSpec, spec);
            case "NamespacedCloudProfile" ->
                checkIfChanged(
                                a,
                                oldSpec.get("kubernetes"),
                                spec.get("kubernetes"),
                                MODIFY_KUBERNETES,
                                "modify .spec.kubernetes")
                        .compose(v -> checkIfChanged(
                                a,
                                oldSpec.get("machineImages"),
                                spec.get("machineImages"),
                                MODIFY_MACHINE_IMAGES,
                                "modify .spec.machineImages"))
                        .compose(v -> checkIfChanged(
                                a,
                                oldSpec.get("providerConfig"),
                                spec.get("providerConfig"),
                                MODIFY_PROVIDER_CONFIG,
                                "modify .spec.providerConfig"));
            case "Shoot" ->
                checkIfChanged(
                        a,
                        controlPlanePool(oldSpec),
                        controlPlanePool(spec),
                        MARK_SELF_HOSTED,
                        "modify .spec.provider.workers[].controlPlane");
            default -> Future.succeededFuture();
        };
    }

    private Future<Void> project(Attributes a, JsonNode oldSpec, JsonNode spec) {
        if (tolerationsWhitelistChanged(oldSpec.get("tolerations"), spec.get("tolerations"))) {
            return authorize(a, MODIFY_TOLERATIONS_WHITELIST, "modify .spec.tolerations.whitelist");
        }
        JsonNode owner = spec.get("owner");
        if (humanMembersChanged(oldSpec.path("members"), spec.path("members"), owner, a.user())) {
            return authorize(a, MANAGE_MEMBERS, "manage human users or groups in .spec.members");
        }
        JsonNode oldOwner = oldSpec.get("owner");
        boolean ownerSetInitially = isAbsent(oldOwner) && !isAbsent(owner);
        if (!ownerSetInitially && !userIsOwner(a.user(), oldOwner) && !SemanticEquality.equal(oldOwner, owner)) {
            return authorize(a, MANAGE_MEMBERS, "manage owner in .spec.owner");
        }
        return Future.succeededFuture();
    }

    private static boolean tolerationsWhitelistChanged(JsonNode oldTolerations, JsonNode tolerations) {
        if (SemanticEquality.equal(oldTolerations, tolerations)) {
            return false;
        }
        JsonNode oldWhitelist = isAbsent(oldTolerations) ? null : oldTolerations.get("whitelist");
        JsonNode whitelist = isAbsent(tolerations) ? null : tolerations.get("whitelist");
        return !SemanticEquality.equal(oldWhitelist, whitelist);
    }

    private static boolean humanMembersChanged(JsonNode oldMembers, JsonNode members, JsonNode owner, UserInfo user) {
        if (SemanticEquality.equal(oldMembers, members) || userIsOwner(user, owner)) {
            return false;
        }
        Set<String> before = humanMemberships(oldMembers);
        Set<String> after = humanMemberships(members);
        if (!isAbsent(owner) && !isServiceAccount(owner)) {
            String ownerKey = subjectKey(owner) + "\n";
            before.removeIf(m -> m.startsWith(ownerKey));
            after.removeIf(m -> m.startsWith(ownerKey));
        }
        return !before.equals(after);
    }

    /** One "subject\nrole" entry per role of each non-service-account member ("subject\n" without roles). */
    private static Set<String> humanMemberships(JsonNode members) {
        Set<String> out = new HashSet<>();
        for (JsonNode member : members) {
            if (isServiceAccount(member)) {
                continue;
            }
            String key = subjectKey(member) + "\n";
            Set<String> roles = new HashSet<>();
            if (!text(member, "role").isEmpty()) {
                roles.add(text(member, "role"));
            }
            member.path("roles").forEach(r -> roles.add(r.asText()));
            if (roles.isEmpty()) {
                out.add(key);
            }
            roles.forEach(r -> out.add(key + r));
        }
        return out;
    }

    /** A ServiceAccount subject, or a User subject naming a service account; service account groups are not. */
    private static boolean isServiceAccount(JsonNode subject) {
        String apiGroup = text(subject, "apiGroup");
        String kind = text(subject, "kind");
        return (apiGroup.isEmpty() && kind.equals("ServiceAccount"))
                || (apiGroup.equals("rbac.authorization.k8s.io")
                        && kind.equals("User")
                        && text(subject, "name").startsWith(SERVICE_ACCOUNT_PREFIX));
    }

    private static String subjectKey(JsonNode subject) {
        return text(subject, "kind") + text(subject, "name");
    }

    /** Whether the user is the owner; with no owner the creator becomes it, so everyone counts as owner. */
    private static boolean userIsOwner(UserInfo user, JsonNode owner) {
        if (isAbsent(owner)) {
            return true;
        }
        String name = text(owner, "name");
        return switch (text(owner, "kind")) {
            case "ServiceAccount" -> {
                String[] parts = user.name().startsWith(SERVICE_ACCOUNT_PREFIX)
                        ? user.name().substring(SERVICE_ACCOUNT_PREFIX.length()).split(":", -1)
                        : new String[0];
                yield parts.length == 2
                        && !parts[0].isEmpty()
                        && !parts[1].isEmpty()
                        && parts[1].equals(name)
                        && parts[0].equals(text(owner, "namespace"));
            }
            case "User" -> name.equals(user.name());
            case "Group" -> user.groups().contains(name);
            default -> false;
        };
    }

    /** {@code ControlPlaneWorkerPoolForShoot}: the first worker with a {@code controlPlane} section, or null. */
    private static JsonNode controlPlanePool(JsonNode spec) {
        for (JsonNode worker : spec.path("provider").path("workers")) {
            if (!isAbsent(worker.get("controlPlane"))) {
                return worker;
            }
        }
        return null;
    }

    private Future<Void> checkIfChanged(Attributes a, JsonNode before, JsonNode after, String verb, String operation) {
        return SemanticEquality.equal(before, after) ? Future.succeededFuture() : authorize(a, verb, operation);
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

    private static boolean isAbsent(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }
}
