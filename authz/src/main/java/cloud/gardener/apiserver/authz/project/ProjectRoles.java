package cloud.gardener.apiserver.authz.project;

import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.authz.NonResourceRule;
import java.util.List;
import java.util.Set;

/**
 * The rules Gardener grants through project membership (gardener {@code pkg/component/garden/system/virtual}:
 * {@code gardener.cloud:system:project-member} and {@code -viewer}; {@code pkg/component/garden/projectrbac}: the
 * per-project cluster roles), and the reads every authenticated user has.
 */
final class ProjectRoles {

    private static final String CORE = "";
    private static final String EVENTS = "events.k8s.io";
    private static final String GARDENER = StandardResources.CORE;
    private static final String SECURITY = StandardResources.SECURITY;
    private static final String OPERATIONS = StandardResources.OPERATIONS;
    private static final String RBAC = "rbac.authorization.k8s.io";
    private static final Set<String> ALL =
            Set.of("create", "delete", "deletecollection", "get", "list", "watch", "patch", "update");
    private static final Set<String> READ = Set.of("get", "list", "watch");

    private ProjectRoles() {}

    /** In the project's namespace, for members with role admin or owner. */
    static final List<PolicyRule> MEMBER = List.of(
            PolicyRule.of(CORE, Set.of("secrets", "configmaps"), ALL),
            PolicyRule.of(CORE, Set.of("events", "resourcequotas", "serviceaccounts"), READ),
            PolicyRule.of(EVENTS, Set.of("events"), READ),
            PolicyRule.of(GARDENER, Set.of("shoots", "secretbindings", "quotas"), ALL),
            PolicyRule.of(SECURITY, Set.of("credentialsbindings", "workloadidentities"), ALL),
            PolicyRule.of(OPERATIONS, Set.of("bastions"), ALL),
            PolicyRule.of(RBAC, Set.of("roles", "rolebindings"), ALL),
            PolicyRule.of(GARDENER, Set.of("shoots/adminkubeconfig", "shoots/viewerkubeconfig"), Set.of("create")),
            PolicyRule.of(GARDENER, Set.of("shoots/finalizers"), Set.of("update")),
            PolicyRule.of(
                    GARDENER,
                    Set.of("namespacedcloudprofiles"),
                    Set.of("get", "list", "watch", "create", "patch", "update", "delete")));

    /** In the project's namespace, for members with role viewer: reads, never secrets. */
    static final List<PolicyRule> VIEWER = List.of(
            PolicyRule.of(CORE, Set.of("events", "configmaps", "resourcequotas", "serviceaccounts"), READ),
            PolicyRule.of(EVENTS, Set.of("events"), READ),
            PolicyRule.of(GARDENER, Set.of("shoots", "secretbindings", "quotas", "namespacedcloudprofiles"), READ),
            PolicyRule.of(SECURITY, Set.of("credentialsbindings"), READ),
            PolicyRule.of(OPERATIONS, Set.of("bastions"), READ),
            PolicyRule.of(RBAC, Set.of("roles", "rolebindings"), READ),
            PolicyRule.of(GARDENER, Set.of("shoots/viewerkubeconfig"), Set.of("create")));

    /** In the project's namespace, for service account managers (and the owner). */
    static final List<PolicyRule> SERVICE_ACCOUNT_MANAGER = List.of(
            PolicyRule.of(CORE, Set.of("serviceaccounts"), ALL),
            PolicyRule.of(CORE, Set.of("serviceaccounts/token"), Set.of("create")));

    /**
     * For every authenticated user: kube-apiserver's {@code system:basic-user} (asking about oneself) and
     * Gardener's {@code gardener.cloud:system:read-global-resources}.
     */
    static final List<PolicyRule> AUTHENTICATED = List.of(
            PolicyRule.of("authentication.k8s.io", Set.of("selfsubjectreviews"), Set.of("create")),
            PolicyRule.of(
                    "authorization.k8s.io",
                    Set.of("selfsubjectaccessreviews", "selfsubjectrulesreviews"),
                    Set.of("create")),
            PolicyRule.of(
                    GARDENER, Set.of("cloudprofiles", "controllerregistrations", "exposureclasses", "seeds"), READ));

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

    /** Namespaced reads every authenticated user has, by namespace. */
    static List<PolicyRule> authenticatedIn(String namespace) {
        return switch (namespace) {
            case "kube-system" -> List.of(PolicyRule.named(CORE, "configmaps", "cluster-identity", READ));
            case "gardener-system-public" ->
                List.of(
                        PolicyRule.named(CORE, "configmaps", "gardener-info", READ),
                        PolicyRule.named(CORE, "configmaps", "kube-root-ca.crt", READ));
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
                    GARDENER, "projects", project, Set.of("get", "patch", "manage-members", "update", "delete")));
        }
        if (member) {
            rules.add(PolicyRule.named(GARDENER, "projects", project, Set.of("get", "patch", "update", "delete")));
        }
        if (uam) {
            rules.add(PolicyRule.named(
                    GARDENER, "projects", project, Set.of("get", "manage-members", "patch", "update")));
        }
        if (viewer) {
            rules.add(PolicyRule.named(GARDENER, "projects", project, Set.of("get")));
        }
        if ((admin || member || viewer) && !namespace.isEmpty()) {
            rules.add(PolicyRule.named(CORE, "namespaces", namespace, Set.of("get")));
        }
        return rules;
    }
}
