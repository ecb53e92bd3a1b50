package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.endpoints.tables.core.ConfigMapTable;
import cloud.gardener.apiserver.endpoints.tables.core.EventTable;
import cloud.gardener.apiserver.endpoints.tables.core.NamespaceTable;
import cloud.gardener.apiserver.endpoints.tables.core.SecretTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.BackupBucketTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.BackupEntryTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.BastionTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.CloudProfileTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ControllerDeploymentTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ControllerInstallationTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ControllerRegistrationTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.CrdTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.CredentialsBindingTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ExposureClassTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.GardenletTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.InternalSecretTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ManagedSeedSetTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ManagedSeedTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.NamespacedCloudProfileTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ProjectTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.QuotaTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.SecretBindingTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.SeedTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ShootStateTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.ShootTable;
import cloud.gardener.apiserver.endpoints.tables.gardener.WorkloadIdentityTable;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Which table each resource gets: the one lookup behind {@link TableConvertor#defaultFor}. */
public final class TableConvertors {

    private static final String CORE = "core.gardener.cloud";
    private static final String SEEDMANAGEMENT = "seedmanagement.gardener.cloud";
    private static final String OPERATIONS = "operations.gardener.cloud";
    private static final String SECURITY = "security.gardener.cloud";
    private static final String OPERATOR = "operator.gardener.cloud";

    private static final Map<GroupResource, Function<Clock, TableConvertor>> BY_RESOURCE = Map.ofEntries(
            Map.entry(new GroupResource(CORE, "backupbuckets"), BackupBucketTable::new),
            Map.entry(new GroupResource(CORE, "backupentries"), BackupEntryTable::new),
            Map.entry(new GroupResource(CORE, "cloudprofiles"), CloudProfileTable::new),
            Map.entry(new GroupResource(CORE, "namespacedcloudprofiles"), NamespacedCloudProfileTable::new),
            Map.entry(new GroupResource(CORE, "controllerdeployments"), ControllerDeploymentTable::new),
            Map.entry(new GroupResource(CORE, "controllerregistrations"), ControllerRegistrationTable::new),
            Map.entry(new GroupResource(CORE, "controllerinstallations"), ControllerInstallationTable::new),
            Map.entry(new GroupResource(CORE, "exposureclasses"), ExposureClassTable::new),
            Map.entry(new GroupResource(CORE, "internalsecrets"), InternalSecretTable::new),
            Map.entry(new GroupResource(CORE, "projects"), ProjectTable::new),
            Map.entry(new GroupResource(CORE, "quotas"), QuotaTable::new),
            Map.entry(new GroupResource(CORE, "secretbindings"), SecretBindingTable::new),
            Map.entry(new GroupResource(CORE, "seeds"), SeedTable::new),
            Map.entry(new GroupResource(CORE, "shoots"), ShootTable::new),
            Map.entry(new GroupResource(CORE, "shootstates"), ShootStateTable::new),
            Map.entry(new GroupResource(SEEDMANAGEMENT, "gardenlets"), GardenletTable::new),
            Map.entry(new GroupResource(SEEDMANAGEMENT, "managedseeds"), ManagedSeedTable::new),
            Map.entry(new GroupResource(SEEDMANAGEMENT, "managedseedsets"), ManagedSeedSetTable::new),
            Map.entry(new GroupResource(OPERATIONS, "bastions"), BastionTable::new),
            Map.entry(new GroupResource(SECURITY, "credentialsbindings"), CredentialsBindingTable::new),
            Map.entry(new GroupResource(SECURITY, "workloadidentities"), WorkloadIdentityTable::new),
            Map.entry(new GroupResource(OPERATOR, "gardens"), CrdTable::gardens),
            Map.entry(new GroupResource(OPERATOR, "extensions"), CrdTable::extensions),
            Map.entry(new GroupResource("", "namespaces"), NamespaceTable::new),
            Map.entry(new GroupResource("", "secrets"), SecretTable::new),
            Map.entry(new GroupResource("", "configmaps"), ConfigMapTable::new),
            Map.entry(new GroupResource("", "events"), EventTable::new),
            Map.entry(new GroupResource("events.k8s.io", "events"), EventTable::new));

    private TableConvertors() {}

    /** The resource's table, cells computed against {@code clock}; the default table for resources not listed. */
    public static TableConvertor forResource(GroupResource resource, Clock clock) {
        Function<Clock, TableConvertor> table = BY_RESOURCE.get(resource);
        return table == null ? DefaultTableConvertor.INSTANCE : table.apply(clock);
    }

    /** The resources with a table of their own. */
    public static Set<GroupResource> resources() {
        return BY_RESOURCE.keySet();
    }
}
