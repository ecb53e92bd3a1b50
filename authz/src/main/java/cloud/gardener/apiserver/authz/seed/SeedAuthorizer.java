package cloud.gardener.apiserver.authz.seed;

import static cloud.gardener.apiserver.authz.seed.VertexType.BACKUP_BUCKET;
import static cloud.gardener.apiserver.authz.seed.VertexType.BACKUP_ENTRY;
import static cloud.gardener.apiserver.authz.seed.VertexType.BASTION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CERTIFICATE_SIGNING_REQUEST;
import static cloud.gardener.apiserver.authz.seed.VertexType.CLOUD_PROFILE;
import static cloud.gardener.apiserver.authz.seed.VertexType.CLUSTER_ROLE_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONFIG_MAP;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_DEPLOYMENT;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_INSTALLATION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CONTROLLER_REGISTRATION;
import static cloud.gardener.apiserver.authz.seed.VertexType.CREDENTIALS_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.EXPOSURE_CLASS;
import static cloud.gardener.apiserver.authz.seed.VertexType.GARDENLET;
import static cloud.gardener.apiserver.authz.seed.VertexType.INTERNAL_SECRET;
import static cloud.gardener.apiserver.authz.seed.VertexType.LEASE;
import static cloud.gardener.apiserver.authz.seed.VertexType.MANAGED_SEED;
import static cloud.gardener.apiserver.authz.seed.VertexType.NAMESPACE;
import static cloud.gardener.apiserver.authz.seed.VertexType.NAMESPACED_CLOUD_PROFILE;
import static cloud.gardener.apiserver.authz.seed.VertexType.PROJECT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SECRET;
import static cloud.gardener.apiserver.authz.seed.VertexType.SECRET_BINDING;
import static cloud.gardener.apiserver.authz.seed.VertexType.SEED;
import static cloud.gardener.apiserver.authz.seed.VertexType.SERVICE_ACCOUNT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SHOOT;
import static cloud.gardener.apiserver.authz.seed.VertexType.SHOOT_STATE;
import static cloud.gardener.apiserver.authz.seed.VertexType.WORKLOAD_IDENTITY;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.selection.FieldRequirement;
import cloud.gardener.apiserver.api.selection.FieldSelector;
import cloud.gardener.apiserver.api.selection.LabelRequirement;
import cloud.gardener.apiserver.api.selection.LabelSelector;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.Decision;
import cloud.gardener.apiserver.authz.RuleSet;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Gardener's SeedAuthorizer: what gardenlets and seed extensions may do, decided from the relationships in
 * the {@link Graph} (a path from the requested object to the client's Seed). It never denies: a request it
 * does not allow gets NO_OPINION with a reason, so a later authorizer (RBAC through SubjectAccessReview)
 * may still allow it. Users that are not seed clients, non-resource requests and unknown resources get
 * NO_OPINION too, as does everything until the graph has been synced.
 */
public final class SeedAuthorizer implements Authorizer {

    static final String GARDEN = "garden";
    static final String KUBE_SYSTEM = "kube-system";
    static final String LABEL_PREFIX_SEED_NAME = "name.seed.gardener.cloud/";

    private static final Future<Decision> NO_OPINION = Future.succeededFuture(Decision.noOpinion());

    /** Resources seed clients use that this server does not serve (a kube-apiserver beside it does). */
    private static final GroupResource CERTIFICATE_SIGNING_REQUESTS =
            new GroupResource("certificates.k8s.io", "certificatesigningrequests");

    private static final GroupResource CLUSTER_ROLE_BINDINGS =
            new GroupResource("rbac.authorization.k8s.io", "clusterrolebindings");
    private static final GroupResource LEASES = new GroupResource("coordination.k8s.io", "leases");
    private static final GroupResource SERVICE_ACCOUNTS = new GroupResource("", "serviceaccounts");

    private final Graph graph;
    private final boolean authorizeWithSelectors;
    private final Map<GroupResource, Rule> rules = rules();

    /**
     * @param authorizeWithSelectors whether list/watch requests carry their selectors (always for this
     *                               server's own requests and kube-apiserver 1.34+); when not, list/watch of
     *                               resources with configured selectors is allowed without them, as upstream
     */
    public SeedAuthorizer(Graph graph, boolean authorizeWithSelectors) {
        this.graph = graph;
        this.authorizeWithSelectors = authorizeWithSelectors;
    }

    public SeedAuthorizer(Graph graph) {
        this(graph, true);
    }

    /**
     * Seed clients are allowed by the relationship graph, not by rules: their list is incomplete (as the node
     * authorizer's); anyone else gets nothing from this authorizer.
     */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        return Future.succeededFuture(SeedIdentity.of(user).isPresent() ? RuleSet.unknown() : RuleSet.none());
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        var identity = SeedIdentity.of(attributes.user());
        if (identity.isEmpty() || !attributes.resourceRequest() || !graph.isSynced()) {
            return NO_OPINION;
        }
        return Future.succeededFuture(decide(identity.get(), attributes));
    }

    /** The decision for a recognised seed client (ignores whether the graph is synced). */
    Decision decide(SeedIdentity identity, Attributes a) {
        Rule rule = rules.get(new GroupResource(a.apiGroup(), a.resource()));
        return rule == null ? Decision.noOpinion() : rule.decide(identity, a);
    }

    /** What a seed client may do with one resource. */
    private interface Rule {
        Decision decide(SeedIdentity identity, Attributes a);
    }

    /** The rule of each resource a seed client may use, by the resource's name from its kind's definition. */
    private Map<GroupResource, Rule> rules() {
        return Map.ofEntries(
                checked(
                        Kinds.BACKUP_BUCKET,
                        seed -> AccessRule.of(BACKUP_BUCKET)
                                .verbs("update", "patch", "delete")
                                .always("create", "get", "list", "watch")
                                .subresources("status", "finalizers")),
                checked(
                        Kinds.BACKUP_ENTRY,
                        seed -> AccessRule.of(BACKUP_ENTRY)
                                .verbs("update", "patch", "delete")
                                .always("create", "get", "list", "watch")
                                .subresources("status")),
                checked(
                        Kinds.BASTION,
                        seed -> AccessRule.of(BASTION)
                                .verbs("get", "list", "watch", "update", "patch")
                                .always("create")
                                .subresources("status")
                                .fieldSelector("spec.seedName", seed)),
                Map.entry(
                        CERTIFICATE_SIGNING_REQUESTS,
                        (identity, a) -> identity.isExtension()
                                ? check(identity.seedName(), a, AccessRule.read(CERTIFICATE_SIGNING_REQUEST))
                                : check(
                                        identity.seedName(),
                                        a,
                                        AccessRule.of(CERTIFICATE_SIGNING_REQUEST)
                                                .verbs("get", "list", "watch")
                                                .always("create")
                                                .subresources("seedclient"))),
                rule(Kinds.CLOUD_PROFILE, reads(CLOUD_PROFILE)),
                rule(Kinds.NAMESPACED_CLOUD_PROFILE, reads(NAMESPACED_CLOUD_PROFILE)),
                Map.entry(
                        CLUSTER_ROLE_BINDINGS,
                        (identity, a) -> identity.isExtension()
                                ? check(
                                        identity.seedName(),
                                        a,
                                        AccessRule.of(CLUSTER_ROLE_BINDING).verbs("get"))
                                : clusterRoleBinding(identity.seedName(), a)),
                rule(Kinds.CONFIG_MAP, (identity, a) -> configMap(identity.seedName(), a)),
                rule(Kinds.CONTROLLER_DEPLOYMENT, reads(CONTROLLER_DEPLOYMENT)),
                checked(
                        Kinds.CONTROLLER_INSTALLATION,
                        seed -> AccessRule.read(CONTROLLER_INSTALLATION)
                                .verbs("get", "list", "watch", "update", "patch")
                                .subresources("status")
                                .fieldSelector("spec.seedRef.name", seed)),
                checked(
                        Kinds.CONTROLLER_REGISTRATION,
                        seed -> AccessRule.of(CONTROLLER_REGISTRATION).always("get", "list", "watch")),
                rule(Kinds.CREDENTIALS_BINDING, reads(CREDENTIALS_BINDING)),
                rule(Kinds.EVENT, (identity, a) -> event(a)),
                rule(Kinds.EVENTS_V1_EVENT, (identity, a) -> event(a)),
                rule(Kinds.EXPOSURE_CLASS, reads(EXPOSURE_CLASS)),
                checked(
                        Kinds.INTERNAL_SECRET,
                        seed -> AccessRule.of(INTERNAL_SECRET)
                                .verbs("get", "update", "patch", "delete", "list", "watch")
                                .always("create")),
                Map.entry(LEASES, this::lease),
                checked(
                        Kinds.GARDENLET,
                        seed -> AccessRule.of(GARDENLET)
                                .verbs("get", "list", "watch", "update", "patch")
                                .always("create")
                                .namespaces(GARDEN)
                                .subresources("status")
                                .fieldSelector(FieldSelector.METADATA_NAME, seed)),
                checked(
                        Kinds.MANAGED_SEED,
                        seed -> AccessRule.of(MANAGED_SEED)
                                .verbs("get", "list", "watch", "update", "patch")
                                .subresources("status")
                                .labelSelector(LABEL_PREFIX_SEED_NAME + seed, "true")),
                rule(Kinds.NAMESPACE, reads(NAMESPACE)),
                rule(Kinds.PROJECT, reads(PROJECT)),
                rule(Kinds.SECRET_BINDING, reads(SECRET_BINDING)),
                rule(Kinds.SECRET, this::secret),
                checked(
                        Kinds.WORKLOAD_IDENTITY,
                        seed -> AccessRule.of(WORKLOAD_IDENTITY)
                                .verbs("get", "list", "watch", "create", "patch")
                                .subresources("token")),
                checked(
                        Kinds.SEED,
                        seed -> AccessRule.of(SEED)
                                .verbs("get", "list", "watch", "update", "patch", "delete")
                                .always("create")
                                .subresources("status")
                                .labelSelector(LABEL_PREFIX_SEED_NAME + seed, "true")),
                Map.entry(
                        SERVICE_ACCOUNTS,
                        (identity, a) -> identity.isExtension()
                                ? check(
                                        identity.seedName(),
                                        a,
                                        AccessRule.of(SERVICE_ACCOUNT).verbs("get"))
                                : serviceAccount(identity, a)),
                rule(Kinds.SHOOT, (identity, a) -> shoot(identity.seedName(), a)),
                checked(
                        Kinds.SHOOT_STATE,
                        seed -> AccessRule.of(SHOOT_STATE)
                                .verbs("get", "update", "patch", "delete", "list", "watch")
                                .always("create")));
    }

    private static Map.Entry<GroupResource, Rule> rule(KindDefinition<?> kind, Rule rule) {
        return Map.entry(kind.groupResource(), rule);
    }

    /** The kind's objects as {@link #check} allows them by the access rule for the client's seed. */
    private Map.Entry<GroupResource, Rule> checked(KindDefinition<?> kind, Function<String, AccessRule> ruleForSeed) {
        return rule(kind, (identity, a) -> check(identity.seedName(), a, ruleForSeed.apply(identity.seedName())));
    }

    /** Reads of objects the seed is related to. */
    private Rule reads(VertexType type) {
        return (identity, a) -> check(identity.seedName(), a, AccessRule.read(type));
    }

    private Decision clusterRoleBinding(String seed, Attributes a) {
        // After bootstrapping there is no Seed in the graph yet: a gardenlet may delete its own bootstrap binding.
        if ("delete".equals(a.verb()) && a.name().startsWith(BootstrapTokens.CLUSTER_ROLE_BINDING_PREFIX)) {
            String[] managedSeed = BootstrapTokens.managedSeedOfClusterRoleBinding(a.name());
            if (GARDEN.equals(managedSeed[0]) && seed.equals(managedSeed[1])) {
                return Decision.allow();
            }
        }
        return check(
                seed,
                a,
                AccessRule.of(CLUSTER_ROLE_BINDING)
                        .verbs("get", "patch", "update")
                        .always("create"));
    }

    private Decision configMap(String seed, Attributes a) {
        if ("get".equals(a.verb())
                && "gardener-system-public".equals(a.namespace())
                && "gardener-info".equals(a.name())) {
            return Decision.allow();
        }
        return check(
                seed,
                a,
                AccessRule.of(CONFIG_MAP)
                        .verbs("get", "patch", "update", "delete", "list", "watch")
                        .always("create"));
    }

    private static Decision event(Attributes a) {
        Decision verb = checkVerb(a, Set.of("create", "patch"));
        if (verb != null) {
            return verb;
        }
        Decision subresource = checkSubresource(a, Set.of());
        return subresource != null ? subresource : Decision.allow();
    }

    private Decision lease(SeedIdentity identity, Attributes a) {
        if (identity.isExtension()) {
            if (!a.namespace().equals(identity.seedNamespace())) {
                return Decision.noOpinion("lease object is not in seed namespace");
            }
            Decision verb = checkVerb(
                    a, Set.of("create", "get", "list", "watch", "update", "patch", "delete", "deletecollection"));
            return verb != null ? verb : Decision.allow();
        }
        return check(
                identity.seedName(),
                a,
                AccessRule.of(LEASE)
                        .verbs("get", "update", "patch", "list", "watch")
                        .always("create"));
    }

    private Decision secret(SeedIdentity identity, Attributes a) {
        String seed = identity.seedName();
        if (Set.of("get", "list", "watch").contains(a.verb()) && a.namespace().equals(identity.seedNamespace())) {
            return Decision.allow();
        }
        // After bootstrapping there is no Seed in the graph yet: a gardenlet may delete its own bootstrap token.
        if ("delete".equals(a.verb())
                && KUBE_SYSTEM.equals(a.namespace())
                && a.name().equals(BootstrapTokens.secretName(GARDEN, seed))) {
            return Decision.allow();
        }
        return check(
                seed,
                a,
                AccessRule.of(SECRET).verbs("get", "patch", "update", "delete").always("create"));
    }

    private Decision serviceAccount(SeedIdentity identity, Attributes a) {
        String seed = identity.seedName();
        if ("delete".equals(a.verb())
                && GARDEN.equals(a.namespace())
                && a.name().equals(BootstrapTokens.SERVICE_ACCOUNT_PREFIX + seed)) {
            return Decision.allow();
        }
        if (a.namespace().equals(identity.seedNamespace())) {
            return Decision.allow();
        }
        return check(
                seed,
                a,
                AccessRule.of(SERVICE_ACCOUNT).verbs("get", "patch", "update").always("create"));
    }

    private Decision shoot(String seed, Attributes a) {
        // A seed that is itself a self-hosted shoot reads its own Shoot garden/<seed>.
        if ("get".equals(a.verb()) && GARDEN.equals(a.namespace()) && seed.equals(a.name())) {
            return Decision.allow();
        }
        return check(
                seed,
                a,
                AccessRule.of(SHOOT)
                        .verbs("get", "list", "watch", "update", "patch")
                        .subresources("status", "finalizers")
                        .labelSelector(LABEL_PREFIX_SEED_NAME + seed, "true"));
    }

    /** Gardener's {@code RequestAuthorizer.Check}: namespace, subresource, verbs, selectors, then the graph. */
    private Decision check(String seed, Attributes a, AccessRule rule) {
        if (!rule.namespaces().isEmpty() && !rule.namespaces().contains(a.namespace())) {
            return Decision.noOpinion(
                    "only the following namespaces are allowed for this resource type: " + goList(rule.namespaces()));
        }
        Decision subresource = checkSubresource(a, rule.subresources());
        if (subresource != null) {
            return subresource;
        }
        if (rule.alwaysAllowedVerbs().contains(a.verb())) {
            return Decision.allow();
        }
        Set<String> verbs = new TreeSet<>(rule.allowedVerbs());
        verbs.addAll(rule.alwaysAllowedVerbs());
        Decision verb = checkVerb(a, verbs);
        if (verb != null) {
            return verb;
        }
        boolean listOrWatch = "list".equals(a.verb()) || "watch".equals(a.verb());
        if (listOrWatch && (a.name().isEmpty() || rule.fieldSelectors().containsKey(FieldSelector.METADATA_NAME))) {
            if (authorizeWithSelectors) {
                return selectorsMatch(a, rule)
                        ? Decision.allow()
                        : Decision.noOpinion("must specify field or label selector for name " + seed);
            }
            if (!rule.fieldSelectors().isEmpty() || !rule.labelSelectors().isEmpty()) {
                return Decision.allow();
            }
        }
        return hasPath(seed, a, rule.vertexType());
    }

    private Decision hasPath(String seed, Attributes a, VertexType fromType) {
        if (a.name().isEmpty()) {
            return Decision.noOpinion("No Object name found");
        }
        String namespace = fromType == NAMESPACE ? "" : a.namespace();
        Vertex from = Vertex.of(fromType, namespace, a.name());
        // Deleting what does not exist (any more) is harmless.
        if ("delete".equals(a.verb()) && !graph.hasVertex(from)) {
            return Decision.allow();
        }
        if (!graph.hasPath(from, Vertex.cluster(SEED, seed))) {
            return Decision.noOpinion("no relationship found");
        }
        return Decision.allow();
    }

    /** Whether the request's selectors name the client's objects: one equality requirement suffices. */
    private static boolean selectorsMatch(Attributes a, AccessRule rule) {
        for (FieldRequirement requirement : fieldRequirements(a.fieldSelector())) {
            String expected = rule.fieldSelectors().get(requirement.field());
            boolean equality = switch (requirement.operator()) {
                case EQUALS, DOUBLE_EQUALS, IN -> true;
                default -> false;
            };
            if (equality && expected != null && !expected.isEmpty() && expected.equals(requirement.value())) {
                return true;
            }
        }
        for (LabelRequirement requirement : labelRequirements(a.labelSelector())) {
            for (Map.Entry<String, String> label : rule.labelSelectors().entrySet()) {
                if (requirement.matches(Map.of(label.getKey(), label.getValue()))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<FieldRequirement> fieldRequirements(String raw) {
        try {
            return raw.isEmpty() ? List.of() : FieldSelector.parse(raw).requirements();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private static List<LabelRequirement> labelRequirements(String raw) {
        try {
            return raw.isEmpty() ? List.of() : LabelSelector.parse(raw).requirements();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private static Decision checkVerb(Attributes a, Set<String> verbs) {
        return verbs.contains(a.verb())
                ? null
                : Decision.noOpinion("only the following verbs are allowed for this resource type: " + goList(verbs));
    }

    private static Decision checkSubresource(Attributes a, Set<String> subresources) {
        return a.subresource().isEmpty() || subresources.contains(a.subresource())
                ? null
                : Decision.noOpinion(
                        "only the following subresources are allowed for this resource type: " + goList(subresources));
    }

    /** A sorted set as Go prints a string slice with {@code %+v}: {@code [a b c]}. */
    private static String goList(Set<String> values) {
        return "[" + String.join(" ", new TreeSet<>(values)) + "]";
    }
}
