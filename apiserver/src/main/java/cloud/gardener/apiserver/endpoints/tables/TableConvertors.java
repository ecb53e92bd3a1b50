package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
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
import java.util.stream.Collectors;

/** Which table each kind gets, keyed by its definition: the one lookup behind {@link TableConvertor#defaultFor}. */
public final class TableConvertors {

    private static final Map<KindDefinition<?>, Function<Clock, TableConvertor>> BY_KIND = Map.ofEntries(
            Map.entry(Kinds.BACKUP_BUCKET, BackupBucketTable::new),
            Map.entry(Kinds.BACKUP_ENTRY, BackupEntryTable::new),
            Map.entry(Kinds.CLOUD_PROFILE, CloudProfileTable::new),
            Map.entry(Kinds.NAMESPACED_CLOUD_PROFILE, NamespacedCloudProfileTable::new),
            Map.entry(Kinds.CONTROLLER_DEPLOYMENT, ControllerDeploymentTable::new),
            Map.entry(Kinds.CONTROLLER_REGISTRATION, ControllerRegistrationTable::new),
            Map.entry(Kinds.CONTROLLER_INSTALLATION, ControllerInstallationTable::new),
            Map.entry(Kinds.EXPOSURE_CLASS, ExposureClassTable::new),
            Map.entry(Kinds.INTERNAL_SECRET, InternalSecretTable::new),
            Map.entry(Kinds.PROJECT, ProjectTable::new),
            Map.entry(Kinds.QUOTA, QuotaTable::new),
            Map.entry(Kinds.SECRET_BINDING, SecretBindingTable::new),
            Map.entry(Kinds.SEED, SeedTable::new),
            Map.entry(Kinds.SHOOT, ShootTable::new),
            Map.entry(Kinds.SHOOT_STATE, ShootStateTable::new),
            Map.entry(Kinds.GARDENLET, GardenletTable::new),
            Map.entry(Kinds.MANAGED_SEED, ManagedSeedTable::new),
            Map.entry(Kinds.MANAGED_SEED_SET, ManagedSeedSetTable::new),
            Map.entry(Kinds.BASTION, BastionTable::new),
            Map.entry(Kinds.CREDENTIALS_BINDING, CredentialsBindingTable::new),
            Map.entry(Kinds.WORKLOAD_IDENTITY, WorkloadIdentityTable::new),
            Map.entry(Kinds.GARDEN, CrdTable::gardens),
            Map.entry(Kinds.EXTENSION, CrdTable::extensions),
            Map.entry(Kinds.NAMESPACE, NamespaceTable::new),
            Map.entry(Kinds.SECRET, SecretTable::new),
            Map.entry(Kinds.CONFIG_MAP, ConfigMapTable::new),
            Map.entry(Kinds.EVENT, EventTable::new),
            Map.entry(Kinds.EVENTS_V1_EVENT, EventTable::new));

    private TableConvertors() {}

    /** The resource's table, cells computed against {@code clock}; the default table for resources not listed. */
    public static TableConvertor forResource(GroupResource resource, Clock clock) {
        return Kinds.of(resource)
                .map(BY_KIND::get)
                .map(table -> table.apply(clock))
                .orElse(DefaultTableConvertor.INSTANCE);
    }

    /** The resources with a table of their own. */
    public static Set<GroupResource> resources() {
        return BY_KIND.keySet().stream().map(KindDefinition::groupResource).collect(Collectors.toUnmodifiableSet());
    }
}
