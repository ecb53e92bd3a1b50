package cloud.gardener.apiserver.admission.validation.operator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.EncryptionConfigUpdate;
import cloud.gardener.apiserver.admission.validation.core.KubernetesVersionUpdate;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.operator.v1alpha1.ControlPlane;
import cloud.gardener.apiserver.api.operator.v1alpha1.ETCD;
import cloud.gardener.apiserver.api.operator.v1alpha1.GardenerDiscoveryServerConfig;
import cloud.gardener.apiserver.api.operator.v1alpha1.VirtualCluster;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code validateRuntimeClusterUpdate} and {@code validateVirtualClusterUpdate}: what other components and
 * issued credentials depend on cannot change (first domains, networks, backup bucket, discovery domain), what was
 * enabled cannot be switched off (backup, high availability, discovery server), the version only moves forward
 * by one minor at a time and the encryption configuration only changes when no rotation or rollout is running.
 */
final class GardenUpdateValidation {

    private static final FieldPath RUNTIME = FieldPath.of("spec", "runtimeCluster");
    private static final FieldPath VIRTUAL = FieldPath.of("spec", "virtualCluster");

    private GardenUpdateValidation() {}

    static List<FieldError> validate(GardenView g, GardenView old) {
        List<FieldError> errs = new ArrayList<>(validateRuntimeCluster(g, old));
        errs.addAll(validateVirtualCluster(g, old));
        return errs;
    }

    private static List<FieldError> validateRuntimeCluster(GardenView g, GardenView old) {
        List<FieldError> errs = new ArrayList<>();
        // the discovery server and workload identity depend on the first domain (Gardener compares old with new)
        if (!old.ingressDomains().isEmpty() && !g.ingressDomains().isEmpty()) {
            errs.addAll(CoreRules.immutable(
                    text(old.ingressDomains().get(0).name()),
                    text(g.ingressDomains().get(0).name()),
                    RUNTIME.child("ingress", "domains").index(0)));
        }
        errs.addAll(appendOnly(
                list(g.runtimeNetworking().nodes()),
                list(old.runtimeNetworking().nodes()),
                RUNTIME.child("networking", "nodes"),
                "nodes"));
        errs.addAll(appendOnly(
                list(g.runtimeNetworking().pods()),
                list(old.runtimeNetworking().pods()),
                RUNTIME.child("networking", "pods"),
                "pods"));
        errs.addAll(appendOnly(
                list(g.runtimeNetworking().services()),
                list(old.runtimeNetworking().services()),
                RUNTIME.child("networking", "services"),
                "services"));
        return errs;
    }

    /** Elements may be appended, not removed or changed. */
    private static List<FieldError> appendOnly(List<String> now, List<String> before, FieldPath path, String name) {
        List<FieldError> errs = new ArrayList<>();
        if (now.size() < before.size()) {
            errs.add(FieldError.forbidden(path.toString(), name + " cannot be removed"));
        }
        for (int i = Math.min(now.size(), before.size()) - 1; i >= 0; i--) {
            errs.addAll(CoreRules.immutable(now.get(i), before.get(i), path.index(i)));
        }
        return errs;
    }

    private static List<FieldError> validateVirtualCluster(GardenView g, GardenView old) {
        List<FieldError> errs = new ArrayList<>();
        VirtualCluster now = g.virtualCluster();
        VirtualCluster before = old.virtualCluster();
        // the service account issuer derives from the first domain
        if (!old.virtualDomains().isEmpty() && !g.virtualDomains().isEmpty()) {
            errs.addAll(CoreRules.immutable(
                    text(old.virtualDomains().get(0).name()),
                    text(g.virtualDomains().get(0).name()),
                    VIRTUAL.child("dns", "domains").index(0).child("name")));
        }
        ETCD etcd = now == null ? null : now.etcd();
        ETCD oldEtcd = before == null ? null : before.etcd();
        if (oldEtcd != null
                && oldEtcd.main() != null
                && oldEtcd.main().backup() != null
                && etcd != null
                && etcd.main() != null) {
            FieldPath backup = VIRTUAL.child("etcd", "main", "backup");
            if (etcd.main().backup() != null) {
                errs.addAll(CoreRules.immutable(
                        oldEtcd.main().backup().bucketName(),
                        etcd.main().backup().bucketName(),
                        backup.child("bucketName")));
            } else {
                errs.add(
                        FieldError.forbidden(backup.toString(), "backup must not be deactivated if it was set before"));
            }
        }
        if (old.highAvailability() && !g.highAvailability()) {
            ControlPlane oldControlPlane = before.controlPlane();
            ControlPlane controlPlane = now == null ? null : now.controlPlane();
            errs.addAll(CoreRules.immutable(
                    oldControlPlane, controlPlane, VIRTUAL.child("controlPlane", "highAvailability")));
        }
        errs.addAll(validateDiscoveryServer(g, old));
        errs.addAll(KubernetesVersionUpdate.validate(
                g.kubernetesVersion(), old.kubernetesVersion(), false, VIRTUAL.child("kubernetes", "version")));
        errs.addAll(validateEncryptionUpdates(g, old));
        errs.addAll(appendOnly(
                g.virtualServices(), old.virtualServices(), VIRTUAL.child("networking", "services"), "services"));
        return errs;
    }

    /** Once enabled, the discovery server stays, and its effective domain (set or derived) stays the same. */
    private static List<FieldError> validateDiscoveryServer(GardenView g, GardenView old) {
        List<FieldError> errs = new ArrayList<>();
        FieldPath path = VIRTUAL.child("gardener", "gardenerDiscoveryServer");
        GardenerDiscoveryServerConfig now = g.gardener().gardenerDiscoveryServer();
        GardenerDiscoveryServerConfig before = old.gardener().gardenerDiscoveryServer();
        if (before != null && now == null) {
            errs.add(FieldError.forbidden(path.toString(), "discovery server must not be disabled once enabled"));
        }
        // a derived domain follows the first ingress domain, which is checked on its own
        if (before != null && now != null && (before.domain() != null || now.domain() != null)) {
            errs.addAll(CoreRules.immutable(discoveryDomain(g), discoveryDomain(old), path.child("domain")));
        }
        return errs;
    }

    /** {@code helper.DiscoveryServerDomain}. */
    private static String discoveryDomain(GardenView g) {
        GardenerDiscoveryServerConfig config = g.gardener().gardenerDiscoveryServer();
        if (config != null && config.domain() != null) {
            return text(config.domain().name());
        }
        return "discovery."
                + (g.ingressDomains().isEmpty()
                        ? ""
                        : text(g.ingressDomains().get(0).name()));
    }

    /** {@code validateEncryptionConfigUpdate}: each API server's part, judged against what the status says is encrypted. */
    private static List<FieldError> validateEncryptionUpdates(GardenView g, GardenView old) {
        Set<String> encryptedByKube = new HashSet<>();
        Set<String> encryptedByGardener = new HashSet<>();
        for (String r : g.encryptedResources()) {
            (GardenerComponentsValidation.servedByGardenerAPIServer(r) ? encryptedByGardener : encryptedByKube).add(r);
        }
        String etcdPhase = g.rotation() == null || g.rotation().etcdEncryptionKey() == null
                ? null
                : text(g.rotation().etcdEncryptionKey().phase());
        LastOperation lastOperation = g.status() == null ? null : g.status().lastOperation();
        // a Garden never hibernates
        List<FieldError> errs = new ArrayList<>(new EncryptionConfigUpdate(
                        encryptedByKube, g.encryptionProviderInStatus(), etcdPhase, lastOperation, false)
                .validate(
                        g.kubeAPIServerEncryption(),
                        old.kubeAPIServerEncryption(),
                        VIRTUAL.child("kubernetes", "kubeAPIServer", "encryptionConfig")));
        errs.addAll(new EncryptionConfigUpdate(
                        encryptedByGardener, g.encryptionProviderInStatus(), etcdPhase, lastOperation, false)
                .validate(
                        g.gardenerAPIServerEncryption(),
                        old.gardenerAPIServerEncryption(),
                        VIRTUAL.child("gardener", "gardenerAPIServer", "encryptionConfig")));
        return errs;
    }
}
