package cloud.gardener.apiserver.authz.project;

import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authz.NonResourceRule;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules Gardener grants through project membership (gardener {@code pkg/component/garden/system/virtual}:
 * {@code gardener.cloud:system:project-member} and {@code -viewer}; {@code pkg/component/garden/projectrbac}: the
 * per-project cluster roles), and the reads every authenticated user has.
 */
final class ProjectRoles {

    private static final String CORE = "";
    private static final String GARDENER = StandardResources.CORE;
    private static final String RBAC = "rbac.authorization.k8s.io";
    private static final Set<String> ALL =
            Set.of("create", "delete", "deletecollection", "get", "list", "watch", "patch", "update");
    private static final Set<String> READ = Set.of("get", "list", "watch");

    private ProjectRoles() {}

    /** In the project's namespace, for members with role admin or owner. */
    static final List<PolicyRule> MEMBER = List.of(
            rule(ALL, List.of(Kinds.SECRET, Kinds.CONFIG_MAP)),
            PolicyRule.of(CORE, Set.of(plural(Kinds.EVENT), "resourcequotas", "serviceaccounts"), READ),
            rule(READ, List.of(Kinds.EVENTS_V1_EVENT)),
            rule(ALL, List.of(Kinds.SHOOT, Kinds.SECRET_BINDING, Kinds.QUOTA)),
            rule(ALL, List.of(Kinds.CREDENTIALS_BINDING, Kinds.WORKLOAD_IDENTITY)),
            rule(ALL, List.of(Kinds.BASTION)),
            PolicyRule.of(RBAC, Set.of("roles", "rolebindings"), ALL),
            PolicyRule.of(
                    GARDENER,
                    Set.of(plural(Kinds.SHOOT) + "/adminkubeconfig", plural(Kinds.SHOOT) + "/viewerkubeconfig"),
                    Set.of("create")),
            PolicyRule.of(GARDENER, Set.of(plural(Kinds.SHOOT) + "/finalizers"), Set.of("update")),
            rule(
                    Set.of("get", "list", "watch", "create", "patch", "update", "delete"),
                    List.of(Kinds.NAMESPACED_CLOUD_PROFILE)));

    /** In the project's namespace, for members with role viewer: reads, never secrets. */
    static final List<PolicyRule> VIEWER = List.of(
            PolicyRule.of(
                    CORE,
                    Set.of(plural(Kinds.EVENT), plural(Kinds.CONFIG_MAP), "resourcequotas", "serviceaccounts"),
                    READ),
            rule(READ, List.of(Kinds.EVENTS_V1_EVENT)),
            rule(READ, List.of(Kinds.SHOOT, Kinds.SECRET_BINDING, Kinds.QUOTA, Kinds.NAMESPACED_CLOUD_PROFILE)),
            rule(READ, List.of(Kinds.CREDENTIALS_BINDING)),
            rule(READ, List.of(Kinds.BASTION)),
            PolicyRule.of(RBAC, Set.of("roles", "rolebindings"), READ),
            PolicyRule.of(GARDENER, Set.of(plural(Kinds.SHOOT) + "/viewerkubeconfig"), Set.of("create")));

    /** In the project's namespace, for service account managers (and the owner). */
    static final List<PolicyRule> SERVICE_ACCOUNT_MANAGER = List.of(
            PolicyRule.of(CORE, Set.of("serviceaccounts"), ALL),
            PolicyRule.of(CORE, Set.of("serviceaccounts/token"), Set.of("create")));

    /**
     * For every authenticated user: kube-apiserver's {@code system:basic-user} (asking about oneself) and
     * Gardener's {@code gardener.cloud:system:read-global-resources} (the kinds defined as read by every user).
     */
    static final List<PolicyRule> AUTHENTICATED = List.of(
            PolicyRule.of("authentication.k8s.io", Set.of("selfsubjectreviews"), Set.of("create")),
            PolicyRule.of(
                    "authorization.k8s.io",
                    Set.of("selfsubjectaccessreviews", "selfsubjectrulesreviews"),
                    Set.of("create")),
            rule(
                    READ,
                    Kinds.ALL.stream().filter(KindDefinition::readByEveryUser).toList()));

    /**
     * Paths every authenticated user may read: kube-apiserver's {@code system:discovery} (kubectl needs discovery
     * for anything it does).
     */
    static final NonResourceRule DISCOVERY = new NonResourceRule(
            List.of("get"),
            List.of(
                    "/api",
                    "/api/*",
                    "/apis",
                    "/apis/*",
                    "/healthz",
                    "/livez",
                    "/openapi",
                    "/openapi/*",
                    "/readyz",
                    "/version",
                    "/version/"));

    /** A rule on the resources of {@code kinds}, which are in one group. */
    private static PolicyRule rule(Set<String> verbs, List<KindDefinition<?>> kinds) {
        Set<String> groups = kinds.stream().map(KindDefinition::group).collect(Collectors.toUnmodifiableSet());
        if (groups.size() != 1) {
            throw new IllegalStateException("one rule names the resources of one group, not of " + groups);
        }
        return PolicyRule.of(
                kinds.get(0).group(),
                kinds.stream().map(ProjectRoles::plural).collect(Collectors.toUnmodifiableSet()),
                verbs);
    }

    private static String plural(KindDefinition<?> kind) {
        return kind.groupResource().resource();
    }

    /** Namespaced reads every authenticated user has, by namespace. */
    static List<PolicyRule> authenticatedIn(String namespace) {
        return switch (namespace) {
            case "kube-system" -> List.of(PolicyRule.named(CORE, plural(Kinds.CONFIG_MAP), "cluster-identity", READ));
            case "gardener-system-public" ->
                List.of(
                        PolicyRule.named(CORE, plural(Kinds.CONFIG_MAP), "gardener-info", READ),
                        PolicyRule.named(CORE, plural(Kinds.CONFIG_MAP), "kube-root-ca.crt", READ));
            default -> List.of();
        };
    }

    /** The per-project cluster roles on the project itself and its namespace. */
    static List<PolicyRule> onProject(String project, String namespace, Set<String> roles) {
        List<PolicyRule> rules = new java.util.ArrayList<>();
        boolean admin = roles.contains(ProjectMembers.OWNER_SUBJECT);
        boolean member = roles.contains("admin") || roles.contains("owner");
        boolean viewer = roles.contains("viewer");
        boolean uam = roles.contains("uam");
        if (admin) {
            rules.add(PolicyRule.named(
                    GARDENER,
                    plural(Kinds.PROJECT),
                    project,
                    Set.of("get", "patch", "manage-members", "update", "delete")));
        }
        if (member) {
            rules.add(PolicyRule.named(
                    GARDENER, plural(Kinds.PROJECT), project, Set.of("get", "patch", "update", "delete")));
        }
        if (uam) {
            rules.add(PolicyRule.named(
                    GARDENER, plural(Kinds.PROJECT), project, Set.of("get", "manage-members", "patch", "update")));
        }
        if (viewer) {
            rules.add(PolicyRule.named(GARDENER, plural(Kinds.PROJECT), project, Set.of("get")));
        }
        if ((admin || member || viewer) && !namespace.isEmpty()) {
            rules.add(PolicyRule.named(CORE, plural(Kinds.NAMESPACE), namespace, Set.of("get")));
        }
        return rules;
    }
}
