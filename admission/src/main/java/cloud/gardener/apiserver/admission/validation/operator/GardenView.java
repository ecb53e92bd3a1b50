package cloud.gardener.apiserver.admission.validation.operator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.EncryptionConfig;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.operator.v1alpha1.CredentialsRotation;
import cloud.gardener.apiserver.api.operator.v1alpha1.DNSDomain;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenSpec;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenStatus;
import cloud.gardener.apiserver.api.operator.v1alpha1.Gardener;
import cloud.gardener.apiserver.api.operator.v1alpha1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.RuntimeCluster;
import cloud.gardener.apiserver.api.operator.v1alpha1.RuntimeNetworking;
import cloud.gardener.apiserver.api.operator.v1alpha1.VirtualCluster;
import java.util.List;
import java.util.Map;

/**
 * A Garden read as Go reads its structs: absent parts are zero values (empty strings and lists), so the rules
 * need no null checks of their own.
 */
record GardenView(Garden garden) {

    private static final GardenSpec EMPTY_SPEC = new GardenSpec(null, null, null, null, null);
    private static final RuntimeNetworking EMPTY_NETWORKING = new RuntimeNetworking(null, null, null, null, null);
    private static final Gardener EMPTY_GARDENER = new Gardener(null, null, null, null, null, null, null, null);

    ObjectMeta metadata() {
        return garden.metadata();
    }

    Map<String, String> annotations() {
        return metadata() == null || metadata().annotations() == null
                ? Map.of()
                : metadata().annotations();
    }

    boolean deleting() {
        return metadata() != null && metadata().deletionTimestamp() != null;
    }

    GardenSpec spec() {
        return garden.spec() == null ? EMPTY_SPEC : garden.spec();
    }

    RuntimeCluster runtimeCluster() {
        return spec().runtimeCluster();
    }

    RuntimeNetworking runtimeNetworking() {
        RuntimeCluster runtime = runtimeCluster();
        return runtime == null || runtime.networking() == null ? EMPTY_NETWORKING : runtime.networking();
    }

    List<DNSDomain> ingressDomains() {
        RuntimeCluster runtime = runtimeCluster();
        return runtime == null || runtime.ingress() == null
                ? List.of()
                : list(runtime.ingress().domains());
    }

    VirtualCluster virtualCluster() {
        return spec().virtualCluster();
    }

    List<DNSDomain> virtualDomains() {
        VirtualCluster v = virtualCluster();
        return v == null || v.dns() == null ? List.of() : list(v.dns().domains());
    }

    List<String> virtualServices() {
        VirtualCluster v = virtualCluster();
        return v == null || v.networking() == null
                ? List.of()
                : list(v.networking().services());
    }

    String kubernetesVersion() {
        VirtualCluster v = virtualCluster();
        return v == null || v.kubernetes() == null ? "" : text(v.kubernetes().version());
    }

    KubeAPIServerConfig kubeAPIServer() {
        VirtualCluster v = virtualCluster();
        return v == null || v.kubernetes() == null ? null : v.kubernetes().kubeAPIServer();
    }

    /** The kube-apiserver's encryption configuration, or null. */
    EncryptionConfig kubeAPIServerEncryption() {
        KubeAPIServerConfig k = kubeAPIServer();
        return k == null || k.kubeAPIServerConfig() == null
                ? null
                : k.kubeAPIServerConfig().encryptionConfig();
    }

    Gardener gardener() {
        VirtualCluster v = virtualCluster();
        return v == null || v.gardener() == null ? EMPTY_GARDENER : v.gardener();
    }

    /** The gardener-apiserver's encryption configuration, or null. */
    EncryptionConfig gardenerAPIServerEncryption() {
        return gardener().gardenerAPIServer() == null
                ? null
                : gardener().gardenerAPIServer().encryptionConfig();
    }

    /** {@code helper.HighAvailabilityEnabled}. */
    boolean highAvailability() {
        VirtualCluster v = virtualCluster();
        return v != null && v.controlPlane() != null && v.controlPlane().highAvailability() != null;
    }

    GardenStatus status() {
        return garden.status();
    }

    CredentialsRotation rotation() {
        GardenStatus s = status();
        return s == null || s.credentials() == null ? null : s.credentials().rotation();
    }

    /** {@code .status.credentials.encryptionAtRest.resources}. */
    List<String> encryptedResources() {
        GardenStatus s = status();
        return s == null || s.credentials() == null || s.credentials().encryptionAtRest() == null
                ? List.of()
                : list(s.credentials().encryptionAtRest().resources());
    }

    /** {@code .status.credentials.encryptionAtRest.provider.type}. */
    String encryptionProviderInStatus() {
        GardenStatus s = status();
        return s == null
                        || s.credentials() == null
                        || s.credentials().encryptionAtRest() == null
                        || s.credentials().encryptionAtRest().provider() == null
                ? ""
                : text(s.credentials().encryptionAtRest().provider().type());
    }

    /** The type of an encryption configuration's provider, or "" (Gardener's helpers dereference to ""). */
    static String providerType(EncryptionConfig config) {
        return config == null || config.provider() == null
                ? ""
                : text(config.provider().type());
    }
}
