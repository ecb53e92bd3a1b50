package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;

/** The resources Gardener's admission plugins read and check, as their listers name them. */
public final class GardenerResources {

    public static final GroupResource SHOOTS = core("shoots");
    public static final GroupResource SEEDS = core("seeds");
    public static final GroupResource PROJECTS = core("projects");
    public static final GroupResource CLOUD_PROFILES = core("cloudprofiles");
    public static final GroupResource NAMESPACED_CLOUD_PROFILES = core("namespacedcloudprofiles");
    public static final GroupResource SECRET_BINDINGS = core("secretbindings");
    public static final GroupResource QUOTAS = core("quotas");
    public static final GroupResource EXPOSURE_CLASSES = core("exposureclasses");
    public static final GroupResource BACKUP_BUCKETS = core("backupbuckets");
    public static final GroupResource BACKUP_ENTRIES = core("backupentries");
    public static final GroupResource CONTROLLER_REGISTRATIONS = core("controllerregistrations");
    public static final GroupResource CONTROLLER_DEPLOYMENTS = core("controllerdeployments");
    public static final GroupResource INTERNAL_SECRETS = core("internalsecrets");
    public static final GroupResource CREDENTIALS_BINDINGS =
            new GroupResource(StandardResources.SECURITY, "credentialsbindings");
    public static final GroupResource WORKLOAD_IDENTITIES =
            new GroupResource(StandardResources.SECURITY, "workloadidentities");
    public static final GroupResource MANAGED_SEEDS =
            new GroupResource(StandardResources.SEEDMANAGEMENT, "managedseeds");
    public static final GroupResource GARDENLETS = new GroupResource(StandardResources.SEEDMANAGEMENT, "gardenlets");
    public static final GroupResource SECRETS = new GroupResource("", "secrets");
    public static final GroupResource CONFIG_MAPS = new GroupResource("", "configmaps");
    public static final GroupResource NAMESPACES = new GroupResource("", "namespaces");

    /** The namespace Gardener keeps its own objects in (managed seeds, default domain secrets, seed resources). */
    public static final String GARDEN_NAMESPACE = "garden";

    private GardenerResources() {}

    private static GroupResource core(String resource) {
        return new GroupResource(StandardResources.CORE, resource);
    }
}
