package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.registry.core.NamespaceStrategy;
import cloud.gardener.apiserver.registry.core.SecretStrategy;
import cloud.gardener.apiserver.registry.events.EventStrategy;
import cloud.gardener.apiserver.registry.gardener.BackupBucketStrategy;
import cloud.gardener.apiserver.registry.gardener.BackupEntryStrategy;
import cloud.gardener.apiserver.registry.gardener.BastionStrategy;
import cloud.gardener.apiserver.registry.gardener.CloudProfileStrategy;
import cloud.gardener.apiserver.registry.gardener.ControllerDeploymentStrategy;
import cloud.gardener.apiserver.registry.gardener.ControllerInstallationStrategy;
import cloud.gardener.apiserver.registry.gardener.ControllerRegistrationStrategy;
import cloud.gardener.apiserver.registry.gardener.CredentialsBindingStrategy;
import cloud.gardener.apiserver.registry.gardener.ExposureClassStrategy;
import cloud.gardener.apiserver.registry.gardener.GardenStrategy;
import cloud.gardener.apiserver.registry.gardener.GardenletStrategy;
import cloud.gardener.apiserver.registry.gardener.InternalSecretStrategy;
import cloud.gardener.apiserver.registry.gardener.ManagedSeedSetStrategy;
import cloud.gardener.apiserver.registry.gardener.ManagedSeedStrategy;
import cloud.gardener.apiserver.registry.gardener.NamespacedCloudProfileStrategy;
import cloud.gardener.apiserver.registry.gardener.ProjectStrategy;
import cloud.gardener.apiserver.registry.gardener.QuotaStrategy;
import cloud.gardener.apiserver.registry.gardener.SecretBindingStrategy;
import cloud.gardener.apiserver.registry.gardener.SeedStrategy;
import cloud.gardener.apiserver.registry.gardener.ShootStateStrategy;
import cloud.gardener.apiserver.registry.gardener.ShootStrategy;
import cloud.gardener.apiserver.registry.gardener.WorkloadIdentityStrategy;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The strategy of each kind, keyed by its definition. A kind not listed gets {@link ResourceStrategy#DEFAULT}, or,
 * in the core group, {@link ResourceStrategy#WITHOUT_GENERATION} (kube-apiserver's configmaps).
 */
final class Strategies {

    private static final Map<KindDefinition<?>, Supplier<ResourceStrategy>> BY_KIND = Map.ofEntries(
            Map.entry(Kinds.BACKUP_BUCKET, BackupBucketStrategy::new),
            Map.entry(Kinds.BACKUP_ENTRY, BackupEntryStrategy::new),
            Map.entry(Kinds.CLOUD_PROFILE, CloudProfileStrategy::new),
            Map.entry(Kinds.CONTROLLER_DEPLOYMENT, ControllerDeploymentStrategy::new),
            Map.entry(Kinds.CONTROLLER_INSTALLATION, ControllerInstallationStrategy::new),
            Map.entry(Kinds.CONTROLLER_REGISTRATION, ControllerRegistrationStrategy::new),
            Map.entry(Kinds.EXPOSURE_CLASS, ExposureClassStrategy::new),
            Map.entry(Kinds.INTERNAL_SECRET, InternalSecretStrategy::new),
            Map.entry(Kinds.NAMESPACED_CLOUD_PROFILE, NamespacedCloudProfileStrategy::new),
            Map.entry(Kinds.PROJECT, ProjectStrategy::new),
            Map.entry(Kinds.QUOTA, QuotaStrategy::new),
            Map.entry(Kinds.SECRET_BINDING, SecretBindingStrategy::new),
            Map.entry(Kinds.SEED, SeedStrategy::new),
            Map.entry(Kinds.SHOOT_STATE, ShootStateStrategy::new),
            Map.entry(Kinds.BASTION, BastionStrategy::new),
            Map.entry(Kinds.CREDENTIALS_BINDING, CredentialsBindingStrategy::new),
            Map.entry(Kinds.WORKLOAD_IDENTITY, WorkloadIdentityStrategy::new),
            Map.entry(Kinds.GARDENLET, GardenletStrategy::new),
            Map.entry(Kinds.MANAGED_SEED, ManagedSeedStrategy::new),
            Map.entry(Kinds.MANAGED_SEED_SET, ManagedSeedSetStrategy::new),
            Map.entry(Kinds.GARDEN, GardenStrategy::new),
            Map.entry(Kinds.NAMESPACE, NamespaceStrategy::new),
            Map.entry(Kinds.SECRET, SecretStrategy::new),
            Map.entry(Kinds.EVENT, () -> new EventStrategy(false)));

    private Strategies() {}

    /** @param credentialsRotationInterval {@code --shoot-credentials-rotation-interval}, for the Shoot warnings */
    static ResourceStrategy of(ResourceType type, Duration credentialsRotationInterval) {
        if (Kinds.SHOOT.groupResource().equals(type.groupResource())) {
            return new ShootStrategy(credentialsRotationInterval);
        }
        return Kinds.of(type)
                .map(BY_KIND::get)
                .map(Supplier::get)
                .orElse(type.group().isEmpty() ? ResourceStrategy.WITHOUT_GENERATION : ResourceStrategy.DEFAULT);
    }
}
