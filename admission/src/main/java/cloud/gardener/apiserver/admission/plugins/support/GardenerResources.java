package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.Kinds;

/** The resources Gardener's admission plugins read and check, as their listers name them (from the definitions). */
public final class GardenerResources {

    public static final GroupResource SHOOTS = Kinds.SHOOT.groupResource();
    public static final GroupResource SEEDS = Kinds.SEED.groupResource();
    public static final GroupResource PROJECTS = Kinds.PROJECT.groupResource();
    public static final GroupResource CLOUD_PROFILES = Kinds.CLOUD_PROFILE.groupResource();
    public static final GroupResource NAMESPACED_CLOUD_PROFILES = Kinds.NAMESPACED_CLOUD_PROFILE.groupResource();
    public static final GroupResource SECRET_BINDINGS = Kinds.SECRET_BINDING.groupResource();
    public static final GroupResource QUOTAS = Kinds.QUOTA.groupResource();
    public static final GroupResource EXPOSURE_CLASSES = Kinds.EXPOSURE_CLASS.groupResource();
    public static final GroupResource BACKUP_BUCKETS = Kinds.BACKUP_BUCKET.groupResource();
    public static final GroupResource BACKUP_ENTRIES = Kinds.BACKUP_ENTRY.groupResource();
    public static final GroupResource CONTROLLER_REGISTRATIONS = Kinds.CONTROLLER_REGISTRATION.groupResource();
    public static final GroupResource CONTROLLER_DEPLOYMENTS = Kinds.CONTROLLER_DEPLOYMENT.groupResource();
    public static final GroupResource INTERNAL_SECRETS = Kinds.INTERNAL_SECRET.groupResource();
    public static final GroupResource CREDENTIALS_BINDINGS = Kinds.CREDENTIALS_BINDING.groupResource();
    public static final GroupResource WORKLOAD_IDENTITIES = Kinds.WORKLOAD_IDENTITY.groupResource();
    public static final GroupResource MANAGED_SEEDS = Kinds.MANAGED_SEED.groupResource();
    public static final GroupResource GARDENLETS = Kinds.GARDENLET.groupResource();
    public static final GroupResource SECRETS = Kinds.SECRET.groupResource();
    public static final GroupResource CONFIG_MAPS = Kinds.CONFIG_MAP.groupResource();
    public static final GroupResource NAMESPACES = Kinds.NAMESPACE.groupResource();

    /** The namespace Gardener keeps its own objects in (managed seeds, default domain secrets, seed resources). */
    public static final String GARDEN_NAMESPACE = "garden";

    private GardenerResources() {}
}
