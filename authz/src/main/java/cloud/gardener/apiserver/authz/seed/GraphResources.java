package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.meta.GroupResource;
import java.util.List;

/**
 * The resources whose objects add edges to the graph (those with an event handler in Gardener's graph), and
 * namespaces, which Gardener's graph reads when a shoot has a managed service account issuer.
 */
public final class GraphResources {

    static final String CORE = "core.gardener.cloud";
    static final String SEEDMANAGEMENT = "seedmanagement.gardener.cloud";
    static final String OPERATIONS = "operations.gardener.cloud";
    static final String SECURITY = "security.gardener.cloud";

    public static final GroupResource BACKUP_BUCKETS = new GroupResource(CORE, "backupbuckets");
    public static final GroupResource BACKUP_ENTRIES = new GroupResource(CORE, "backupentries");
    public static final GroupResource BASTIONS = new GroupResource(OPERATIONS, "bastions");
    public static final GroupResource CONTROLLER_DEPLOYMENTS = new GroupResource(CORE, "controllerdeployments");
    public static final GroupResource CONTROLLER_INSTALLATIONS = new GroupResource(CORE, "controllerinstallations");
    public static final GroupResource CREDENTIALS_BINDINGS = new GroupResource(SECURITY, "credentialsbindings");
    public static final GroupResource GARDENLETS = new GroupResource(SEEDMANAGEMENT, "gardenlets");
    public static final GroupResource MANAGED_SEEDS = new GroupResource(SEEDMANAGEMENT, "managedseeds");
    public static final GroupResource PROJECTS = new GroupResource(CORE, "projects");
    public static final GroupResource SECRET_BINDINGS = new GroupResource(CORE, "secretbindings");
    public static final GroupResource SEEDS = new GroupResource(CORE, "seeds");
    public static final GroupResource SHOOTS = new GroupResource(CORE, "shoots");
    /** Namespaces add no edges; their project label names a shoot's managed issuer secret. */
    public static final GroupResource NAMESPACES = new GroupResource("", "namespaces");

    /** Every resource the graph is fed from; the graph is synced once each has been listed. */
    public static final List<GroupResource> ALL = List.of(
            BACKUP_BUCKETS,
            BACKUP_ENTRIES,
            BASTIONS,
            CONTROLLER_DEPLOYMENTS,
            CONTROLLER_INSTALLATIONS,
            CREDENTIALS_BINDINGS,
            GARDENLETS,
            MANAGED_SEEDS,
            PROJECTS,
            SECRET_BINDINGS,
            SEEDS,
            SHOOTS,
            NAMESPACES);

    private GraphResources() {}
}
