package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import java.util.Comparator;
import java.util.List;

/**
 * The resources whose objects add edges to the graph (those with an event handler in Gardener's graph, marked so in
 * their {@link KindDefinition}), and namespaces, which Gardener's graph reads when a shoot has a managed service
 * account issuer.
 */
public final class GraphResources {

    public static final GroupResource BACKUP_BUCKETS = Kinds.BACKUP_BUCKET.groupResource();
    public static final GroupResource BACKUP_ENTRIES = Kinds.BACKUP_ENTRY.groupResource();
    public static final GroupResource BASTIONS = Kinds.BASTION.groupResource();
    public static final GroupResource CONTROLLER_DEPLOYMENTS = Kinds.CONTROLLER_DEPLOYMENT.groupResource();
    public static final GroupResource CONTROLLER_INSTALLATIONS = Kinds.CONTROLLER_INSTALLATION.groupResource();
    public static final GroupResource CREDENTIALS_BINDINGS = Kinds.CREDENTIALS_BINDING.groupResource();
    public static final GroupResource GARDENLETS = Kinds.GARDENLET.groupResource();
    public static final GroupResource MANAGED_SEEDS = Kinds.MANAGED_SEED.groupResource();
    public static final GroupResource PROJECTS = Kinds.PROJECT.groupResource();
    public static final GroupResource SECRET_BINDINGS = Kinds.SECRET_BINDING.groupResource();
    public static final GroupResource SEEDS = Kinds.SEED.groupResource();
    public static final GroupResource SHOOTS = Kinds.SHOOT.groupResource();
    /** Namespaces add no edges; their project label names a shoot's managed issuer secret. */
    public static final GroupResource NAMESPACES = Kinds.NAMESPACE.groupResource();

    /**
     * Every resource the graph is fed from, by plural name, namespaces last; the graph is synced once each has been
     * listed.
     */
    public static final List<GroupResource> ALL = java.util.stream.Stream.concat(
                    Kinds.ALL.stream()
                            .filter(KindDefinition::feedsSeedGraph)
                            .map(KindDefinition::groupResource)
                            .sorted(Comparator.comparing(GroupResource::resource)),
                    java.util.stream.Stream.of(NAMESPACES))
            .toList();

    /**
     * The paths of a resource's objects the graph reads, for a feed that hands it those alone (a Shoot's few
     * references, not its whole spec); empty when it reads whole objects.
     */
    public static List<String> reads(GroupResource resource) {
        return SHOOTS.equals(resource) ? ObjectEdges.SHOOT_READS : List.of();
    }

    private GraphResources() {}
}
