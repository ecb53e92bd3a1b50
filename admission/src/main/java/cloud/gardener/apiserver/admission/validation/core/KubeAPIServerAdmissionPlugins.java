package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.core.v1beta1.AdmissionPlugin;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gardener's {@code admissionplugins.ValidateAdmissionPlugins}: the kube-apiserver admission plugins a Shoot may
 * name, per Kubernetes version, which of them Gardener requires and which take configuration (table as of
 * Gardener v1.150).
 */
final class KubeAPIServerAdmissionPlugins {

    /** A plugin's availability: added in (inclusive) and removed in (exclusive), both optional. */
    record Plugin(String addedIn, String removedIn, boolean required, boolean allowsConfiguration) {

        boolean supportedIn(String version) {
            return inRange(addedIn, removedIn, version);
        }
    }

    private static final Plugin ANY = new Plugin(null, null, false, false);
    private static final Plugin CONFIGURABLE = new Plugin(null, null, false, true);
    private static final Plugin REQUIRED = new Plugin(null, null, true, false);
    private static final Plugin REQUIRED_CONFIGURABLE = new Plugin(null, null, true, true);

    private static final Map<String, Plugin> PLUGINS = Map.ofEntries(
            Map.entry("AlwaysAdmit", ANY),
            Map.entry("AlwaysDeny", ANY),
            Map.entry("AlwaysPullImages", ANY),
            Map.entry("CertificateApproval", ANY),
            Map.entry("CertificateSigning", ANY),
            Map.entry("CertificateSubjectRestriction", ANY),
            Map.entry("ClusterTrustBundleAttest", ANY),
            Map.entry("DefaultIngressClass", ANY),
            Map.entry("DefaultStorageClass", ANY),
            Map.entry("DefaultTolerationSeconds", ANY),
            Map.entry("DenyServiceExternalIPs", ANY),
            Map.entry("EventRateLimit", CONFIGURABLE),
            Map.entry("ExtendedResourceToleration", ANY),
            Map.entry("ImagePolicyWebhook", CONFIGURABLE),
            Map.entry("JobValidation", added("1.36")),
            Map.entry("LimitPodHardAntiAffinityTopology", ANY),
            Map.entry("LimitRanger", ANY),
            Map.entry("MutatingAdmissionPolicy", added("1.32")),
            Map.entry("MutatingAdmissionWebhook", REQUIRED_CONFIGURABLE),
            Map.entry("NamespaceAutoProvision", ANY),
            Map.entry("NamespaceExists", ANY),
            Map.entry("NamespaceLifecycle", REQUIRED),
            Map.entry("NodeDeclaredFeatureValidator", added("1.35")),
            Map.entry("NodeRestriction", REQUIRED),
            Map.entry("OwnerReferencesPermissionEnforcement", ANY),
            Map.entry("PersistentVolumeClaimResize", ANY),
            Map.entry("PersistentVolumeLabel", new Plugin(null, "1.31", false, false)),
            Map.entry("PodGroupProtection", added("1.36")),
            Map.entry("PodGroupWorkloadExists", added("1.36")),
            Map.entry("PodNodeSelector", CONFIGURABLE),
            Map.entry("PodResizeValidator", added("1.36")),
            Map.entry("PodSecurity", REQUIRED_CONFIGURABLE),
            Map.entry("PodTolerationRestriction", CONFIGURABLE),
            Map.entry("PodTopologyLabels", added("1.33")),
            Map.entry("Priority", REQUIRED),
            Map.entry("ResourceQuota", CONFIGURABLE),
            Map.entry("RuntimeClass", ANY),
            Map.entry("ServiceAccount", ANY),
            Map.entry("StorageObjectInUseProtection", REQUIRED),
            Map.entry("TaintNodesByCondition", ANY),
            Map.entry("ValidatingAdmissionPolicy", ANY),
            Map.entry("ValidatingAdmissionWebhook", REQUIRED_CONFIGURABLE));

    private static final Set<String> EXTERNAL_KUBECONFIG =
            Set.of("ValidatingAdmissionWebhook", "MutatingAdmissionWebhook", "ImagePolicyWebhook");
    private static final String POD_SECURITY_GROUP = "pod-security.admission.config.k8s.io";
    private static final Set<String> POD_SECURITY_VERSIONS = Set.of("v1alpha1", "v1beta1", "v1");

    private KubeAPIServerAdmissionPlugins() {}

    /** {@code VersionRange.Contains}: added in (inclusive) to removed in (exclusive), both optional. */
    static boolean inRange(String addedIn, String removedIn, String version) {
        return (addedIn == null || GoSemver.compareVersions(version, ">=", addedIn))
                && (removedIn == null || GoSemver.compareVersions(version, "<", removedIn));
    }

    private static Plugin added(String version) {
        return new Plugin(version, null, false, false);
    }

    /** {@code ValidateAdmissionPlugins}; Gardener stops at the first plugin without a name. */
    static List<FieldError> validate(List<AdmissionPlugin> plugins, String version, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        List<AdmissionPlugin> all = list(plugins);
        for (int i = 0; i < all.size(); i++) {
            AdmissionPlugin plugin = all.get(i);
            FieldPath at = path.index(i);
            String name = text(plugin.name());
            if (name.isEmpty()) {
                errs.add(FieldError.required(at.child("name").toString(), "must provide a name"));
                return errs;
            }
            Plugin known = PLUGINS.get(name);
            if (known == null) {
                errs.add(FieldError.invalid(
                        at.child("name").toString(), name, "unknown admission plugin \"" + name + "\""));
                continue;
            }
            if (!known.supportedIn(version)) {
                errs.add(FieldError.forbidden(
                        at.child("name").toString(),
                        "admission plugin \"" + name + "\" is not supported in Kubernetes version " + version));
                continue;
            }
            if (hasConfig(plugin) && !known.allowsConfiguration()) {
                errs.add(FieldError.forbidden(
                        at.child("config").toString(),
                        "admission plugin \"" + name + "\" does not allow configuration"));
            }
            if (Boolean.TRUE.equals(plugin.disabled()) && known.required()) {
                errs.add(FieldError.forbidden(at.toString(), "admission plugin \"" + name + "\" cannot be disabled"));
            }
            if (plugin.kubeconfigSecretName() != null && !EXTERNAL_KUBECONFIG.contains(name)) {
                errs.add(FieldError.forbidden(
                        at.child("kubeconfigSecretName").toString(),
                        "admission plugin \"" + name + "\" does not allow specifying external kubeconfig"));
            }
            if ("PodSecurity".equals(name) && plugin.config() != null) {
                errs.addAll(podSecurityConfig(plugin.config(), at.child("config")));
            }
        }
        return errs;
    }

    private static boolean hasConfig(AdmissionPlugin plugin) {
        return plugin.config() != null && !plugin.config().isNull();
    }

    /** Gardener decodes the PodSecurity configuration; only the PodSecurityConfiguration kinds are registered. */
    private static List<FieldError> podSecurityConfig(JsonNode config, FieldPath path) {
        String raw = config.toString();
        String kind = config.path("kind").asText("");
        String apiVersion = config.path("apiVersion").asText("");
        if (!config.isObject()) {
            return List.of(FieldError.invalid(
                    path.toString(),
                    raw,
                    "cannot decode the given config: couldn't get "
                            + "version/kind; json parse error: json: cannot unmarshal " + jsonType(config)
                            + " into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; "
                            + "Kind string \"json:\\\"kind,omitempty\\\"\" }"));
        }
        if (kind.isEmpty()) {
            return List.of(FieldError.invalid(
                    path.toString(), raw, "cannot decode the given config: Object 'Kind' is missing in '" + raw + "'"));
        }
        int slash = apiVersion.indexOf('/');
        boolean registered = "PodSecurityConfiguration".equals(kind)
                && slash > 0
                && POD_SECURITY_GROUP.equals(apiVersion.substring(0, slash))
                && POD_SECURITY_VERSIONS.contains(apiVersion.substring(slash + 1));
        if (!registered) {
            return List.of(FieldError.invalid(
                    path.toString(), raw, "expected pod-security.admission.config.k8s.io/v1.PodSecurityConfiguration"));
        }
        return List.of();
    }

    private static String jsonType(JsonNode node) {
        if (node.isArray()) {
            return "array";
        }
        if (node.isTextual()) {
            return "string";
        }
        if (node.isNumber()) {
            return "number";
        }
        return node.isBoolean() ? "bool" : "value";
    }
}
