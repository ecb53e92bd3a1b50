package cloud.gardener.apiserver.api.defaults;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;
import java.util.Map;
import java.util.Optional;

/**
 * The defaulter of each kind and version; kinds without one are stored as sent. These are the kinds Gardener
 * (v1.150) registers defaulting functions for; core v1 and v1beta1 ControllerDeployments, BackupBuckets,
 * BackupEntries, ControllerInstallations, ExposureClasses, InternalSecrets, Quotas, ShootStates, Bastions and
 * WorkloadIdentities have none. The Shoot's maintenance window is random (see {@link ShootDefaults}). Of the
 * standalone core/v1 kinds, Namespaces get their name label here; a Secret's type is its strategy's.
 */
public final class Defaulters {

    private static final CredentialRequestDefaults CREDENTIAL_REQUEST = new CredentialRequestDefaults();

    private static final Map<GroupVersionKind, Defaulter> DEFAULTERS = Map.ofEntries(
            core("Shoot", new ShootDefaults()),
            core("Seed", new SeedDefaults()),
            core("CloudProfile", new CloudProfileDefaults()),
            core("NamespacedCloudProfile", new NamespacedCloudProfileDefaults()),
            core("Project", new ProjectDefaults()),
            core("SecretBinding", new SecretBindingDefaults()),
            core("ControllerRegistration", new ControllerRegistrationDefaults()),
            alpha(StandardResources.SEEDMANAGEMENT, "ManagedSeed", new ManagedSeedDefaults()),
            alpha(StandardResources.SEEDMANAGEMENT, "ManagedSeedSet", new ManagedSeedSetDefaults()),
            alpha(StandardResources.SEEDMANAGEMENT, "Gardenlet", new GardenletDefaults()),
            alpha(StandardResources.SECURITY, "CredentialsBinding", new CredentialsBindingDefaults()),
            Map.entry(StandardResources.TOKEN_REQUEST, CREDENTIAL_REQUEST),
            Map.entry(StandardResources.ADMIN_KUBECONFIG_REQUEST, CREDENTIAL_REQUEST),
            Map.entry(StandardResources.VIEWER_KUBECONFIG_REQUEST, CREDENTIAL_REQUEST),
            alpha(StandardResources.OPERATOR, "Garden", new GardenDefaults()),
            Map.entry(new GroupVersionKind("", "v1", "Namespace"), new NamespaceDefaults()));

    private Defaulters() {}

    public static Optional<Defaulter> of(GroupVersionKind gvk) {
        return Optional.ofNullable(DEFAULTERS.get(gvk));
    }

    private static Map.Entry<GroupVersionKind, Defaulter> core(String kind, Defaulter defaulter) {
        return Map.entry(new GroupVersionKind(StandardResources.CORE, "v1beta1", kind), defaulter);
    }

    private static Map.Entry<GroupVersionKind, Defaulter> alpha(String group, String kind, Defaulter defaulter) {
        return Map.entry(new GroupVersionKind(group, "v1alpha1", kind), defaulter);
    }
}
