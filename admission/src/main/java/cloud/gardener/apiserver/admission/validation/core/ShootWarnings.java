package cloud.gardener.apiserver.admission.validation.core;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The warnings gardener-apiserver returns on Shoot create and update (pkg/api/core/shoot/warnings.go):
 * deprecated fields and due or unfinished credential rotations. Only presence of fields matters, so the
 * rules read the JSON tree directly.
 */
public final class ShootWarnings {

    private static final String ROTATION_DOCS =
            "https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/shoot_credentials_rotation.md";
    private static final String MIGRATION_DOCS = "https://github.com/gardener/gardener/blob/master/docs/usage/"
            + "shoot-operations/secretbinding-to-credentialsbinding-migration.md";

    /** gardener-apiserver's default {@code --shoot-credentials-rotation-interval} (90 days). */
    public static final Duration DEFAULT_ROTATION_INTERVAL = Duration.ofDays(90);

    private ShootWarnings() {}

    /**
     * Returns the warnings for a Shoot create or update.
     *
     * @param old null on create: rotation warnings are only given on updates
     */
    public static List<String> of(JsonNode shoot, JsonNode old, Duration rotationInterval, Instant now) {
        List<String> warnings = new ArrayList<>();
        JsonNode spec = shoot.path("spec");
        JsonNode kubernetes = spec.path("kubernetes");
        String version = kubernetes.path("version").asText();
        if (old != null) {
            warnings.addAll(dueRotations(shoot, rotationInterval, now));
            warnings.addAll(incompleteRotations(shoot, rotationInterval, now));
        }
        if (kubernetes.path("kubeControllerManager").hasNonNull("podEvictionTimeout")) {
            warnings.add(
                    "you are setting the spec.kubernetes.kubeControllerManager.podEvictionTimeout field. The field "
                            + "does not have effect since Kubernetes 1.13 and is forbidden to be set starting from Kubernetes "
                            + "1.33. Instead, use the spec.kubernetes.kubeAPIServer.(defaultNotReadyTolerationSeconds/"
                            + "defaultUnreachableTolerationSeconds) fields.");
        }
        String operation = shoot.path("metadata")
                .path("annotations")
                .path("gardener.cloud/operation")
                .asText();
        if (operation.equals("rotate-etcd-encryption-key-start")
                || operation.equals("rotate-etcd-encryption-key-complete")) {
            warnings.add(
                    "you are setting the operation annotation to " + operation + ". This annotation has been "
                            + "deprecated and is forbidden to be set starting from Kubernetes 1.34. Instead, use the "
                            + "rotate-etcd-encryption-key annotation, which performs a full rotation of the ETCD encryption key.");
        }
        if (below133(version) && kubernetes.path("clusterAutoscaler").hasNonNull("maxEmptyBulkDelete")) {
            warnings.add(
                    "you are setting the spec.kubernetes.clusterAutoscaler.maxEmptyBulkDelete field. The field has "
                            + "been deprecated and is forbidden to be set starting from Kubernetes 1.33. The value is not used "
                            + "and will be set to nil. Instead, use the spec.kubernetes.clusterAutoscaler.maxScaleDownParallelism "
                            + "field.");
        }
        if (GoSemver.atLeast(version, 1, 33)
                && !spec.path("cloudProfileName").asText().isEmpty()) {
            warnings.add("you are setting the spec.cloudProfileName field. The field is deprecated and will be "
                    + "forcefully set empty starting with Kubernetes 1.34. Use the new spec.cloudProfile.name field "
                    + "instead.");
        }
        if (spec.hasNonNull("addons")) {
            warnings.add(
                    "you are setting the spec.addons field. The field is deprecated and will be forbidden starting "
                            + "with Kubernetes 1.35.");
        }
        if (ipvs(kubernetes)) {
            if (GoSemver.atLeast(version, 1, 35)) {
                warnings.add("you are using IPVS mode for kube-proxy. The IPVS mode is deprecated starting with "
                        + "Kubernetes 1.35. Please switch to iptables or nftables mode.");
            } else if (old != null && !ipvs(old.path("spec").path("kubernetes"))) {
                warnings.add("you have switched to IPVS mode for kube-proxy. The IPVS mode is deprecated starting with "
                        + "Kubernetes 1.35. Please switch to iptables or nftables mode.");
            }
        }
        if (kubernetes.path("kubeScheduler").hasNonNull("kubeMaxPDVols")) {
            warnings.add("you are setting the spec.kubernetes.kubeScheduler.kubeMaxPDVols field. The field has been "
                    + "deprecated and is forbidden to be set starting from Kubernetes 1.35. The kubeMaxPDVols "
                    + "configuration is no longer necessary as values are set by the respective CSI driver.");
        }
        if (spec.hasNonNull("secretBindingName")) {
            warnings.add("spec.secretBindingName is deprecated and will be disallowed starting with Kubernetes 1.34. "
                    + "For migration instructions, see: " + MIGRATION_DOCS);
        }
        warnings.addAll(kubeApiServer(kubernetes.path("kubeAPIServer"), "spec.kubernetes.kubeAPIServer"));
        warnings.addAll(dnsProviders(spec.path("dns"), "spec.dns"));
        return warnings;
    }

    /** GetKubeAPIServerWarnings, also used for the Shoot templates of ManagedSeedSets. */
    public static List<String> kubeApiServer(JsonNode kubeApiServer, String path) {
        List<String> warnings = new ArrayList<>();
        if (kubeApiServer.hasNonNull("enableAnonymousAuthentication")) {
            warnings.add(
                    "you are setting the " + path + ".enableAnonymousAuthentication field. The field is deprecated. "
                            + "Using Kubernetes v1.32 and above, please use anonymous authentication configuration. See: "
                            + "https://kubernetes.io/docs/reference/access-authn-authz/authentication/"
                            + "#anonymous-authenticator-configuration");
        }
        if (kubeApiServer.path("watchCacheSizes").hasNonNull("default")) {
            warnings.add(
                    "you are setting the " + path + ".watchCacheSizes.default field. The field has been deprecated "
                            + "and is forbidden to be set starting from Kubernetes 1.35. The cache size is automatically sized "
                            + "by the kube-apiserver.");
        }
        return warnings;
    }

    /** GetDNSProviderWarnings, also used for the Shoot templates of ManagedSeedSets. */
    public static List<String> dnsProviders(JsonNode dns, String path) {
        List<String> warnings = new ArrayList<>();
        JsonNode providers = dns.path("providers");
        for (int i = 0; i < providers.size(); i++) {
            if (providers.get(i).hasNonNull("secretName")) {
                String provider = path + ".providers[" + i + "]";
                warnings.add("you are setting the " + provider + ".secretName field. The field is deprecated and is "
                        + "forbidden to be set starting from Kubernetes 1.35. Use " + provider
                        + ".credentialsRef instead.");
            }
        }
        return warnings;
    }

    private static boolean below133(String version) {
        try {
            return GoSemver.compareVersions(version, "<", "1.33");
        } catch (IllegalArgumentException e) {
            return false; // Gardener ignores the comparison error here
        }
    }

    private static boolean ipvs(JsonNode kubernetes) {
        return "IPVS".equals(kubernetes.path("kubeProxy").path("mode").asText(null));
    }

    private static List<String> dueRotations(JsonNode shoot, Duration interval, Instant now) {
        Instant created = VersionLifecycle.time(shoot.path("metadata").path("creationTimestamp"));
        if (created == null || !oldEnough(created, interval, now)) {
            return List.of();
        }
        JsonNode rotation = shoot.path("status").path("credentials").path("rotation");
        if (rotation.isMissingNode() || rotation.isNull()) {
            return List.of("you should consider rotating the shoot credentials, see " + ROTATION_DOCS
                    + "#gardener-provided-credentials for details");
        }
        List<String> warnings = new ArrayList<>();
        if (initiationDue(rotation.path("certificateAuthorities"), interval, now)) {
            warnings.add("you should consider rotating the certificate authorities, see " + ROTATION_DOCS
                    + "#certificate-authorities for details");
        }
        if (initiationDue(rotation.path("etcdEncryptionKey"), interval, now)) {
            warnings.add("you should consider rotating the ETCD encryption key, see " + ROTATION_DOCS
                    + "#etcd-encryption-key for details");
        }
        if (!"testing".equals(shoot.path("spec").path("purpose").asText())
                && initiationDue(rotation.path("observability"), interval, now)) {
            warnings.add("you should consider rotating the observability passwords, see " + ROTATION_DOCS
                    + "#observability-passwords-for-plutono for details");
        }
        if (initiationDue(rotation.path("serviceAccountKey"), interval, now)) {
            warnings.add("you should consider rotating the ServiceAccount token signing key, see " + ROTATION_DOCS
                    + "#serviceaccount-token-signing-key for details");
        }
        if (enablesSshAccess(shoot) && initiationDue(rotation.path("sshKeypair"), interval, now)) {
            warnings.add("you should consider rotating the SSH keypair, see " + ROTATION_DOCS
                    + "#ssh-key-pair-for-worker-nodes for details");
        }
        return warnings;
    }

    private static List<String> incompleteRotations(JsonNode shoot, Duration interval, Instant now) {
        JsonNode rotation = shoot.path("status").path("credentials").path("rotation");
        Duration recommended = interval.dividedBy(3);
        List<String> warnings = new ArrayList<>();
        if (completionDue(rotation.path("certificateAuthorities"), recommended, now)) {
            warnings.add(completionWarning("certificate authorities", recommended));
        }
        if (completionDue(rotation.path("etcdEncryptionKey"), recommended, now)) {
            warnings.add(completionWarning("ETCD encryption key", recommended));
        }
        if (completionDue(rotation.path("serviceAccountKey"), recommended, now)) {
            warnings.add(completionWarning("ServiceAccount token signing key", recommended));
        }
        return warnings;
    }

    private static boolean initiationDue(JsonNode credential, Duration interval, Instant now) {
        Instant last = VersionLifecycle.time(credential.path("lastInitiationTime"));
        return last == null || oldEnough(last, interval, now);
    }

    private static boolean completionDue(JsonNode credential, Duration recommended, Instant now) {
        Instant finished = VersionLifecycle.time(credential.path("lastInitiationFinishedTime"));
        if (finished == null) {
            return false;
        }
        Instant triggered = VersionLifecycle.time(credential.path("lastCompletionTriggeredTime"));
        if (triggered != null && triggered.isAfter(finished)) {
            return false;
        }
        return oldEnough(finished, recommended, now);
    }

    private static boolean oldEnough(Instant t, Duration threshold, Instant now) {
        return t.plus(threshold).isBefore(now);
    }

    private static String completionWarning(String credentials, Duration recommended) {
        // Go prints the interval as a time.Duration, e.g. 720h0m0s
        String interval = cloud.gardener.apiserver.api.model.values.Duration.of(recommended)
                .toString();
        return "the " + credentials + " rotation initiation was finished more than " + interval
                + " ago and should be completed";
    }

    /** ShootEnablesSSHAccess: workers exist and SSH is not switched off for them. */
    private static boolean enablesSshAccess(JsonNode shoot) {
        JsonNode provider = shoot.path("spec").path("provider");
        return provider.path("workers").size() > 0
                && provider.path("workersSettings")
                        .path("sshAccess")
                        .path("enabled")
                        .asBoolean(true);
    }
}
