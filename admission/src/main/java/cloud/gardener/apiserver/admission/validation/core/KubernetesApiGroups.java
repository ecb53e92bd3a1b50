package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Gardener's {@code apigroups.ValidateAPIGroupVersions} for the kube-apiserver's {@code runtimeConfig}: the API
 * group versions (and resources) per Kubernetes version and which of them cannot be disabled (Gardener v1.150's
 * tables).
 */
public final class KubernetesApiGroups {

    /** An API's availability [addedIn, removedIn) and whether Shoots with workers / workerless ones need it. */
    record Api(String name, String addedIn, String removedIn, boolean required, boolean requiredForWorkerless) {

        String supportedRange() {
            if (addedIn != null && removedIn == null) {
                return "versions >= " + addedIn;
            }
            if (addedIn == null && removedIn != null) {
                return "versions < " + removedIn;
            }
            if (addedIn != null) {
                return "versions >= " + addedIn + ", < " + removedIn;
            }
            return "all kubernetes versions";
        }
    }

    private static final Map<String, Api> GROUP_VERSIONS = Stream.of(
                    api("admissionregistration.k8s.io/v1", null, null, true, false),
                    api("admissionregistration.k8s.io/v1alpha1", null, null, false, false),
                    api("admissionregistration.k8s.io/v1beta1", null, null, false, false),
                    api("apps/v1", null, null, true, false),
                    api("apps/v1beta1", null, null, false, false),
                    api("apps/v1beta2", null, null, false, false),
                    api("autoscaling/v1", null, null, false, false),
                    api("autoscaling/v2", null, null, false, false),
                    api("autoscaling/v2beta1", null, "1.36", false, false),
                    api("autoscaling/v2beta2", null, "1.36", false, false),
                    api("batch/v1", null, null, false, false),
                    api("batch/v1beta1", null, null, false, false),
                    api("certificates.k8s.io/v1", null, null, false, false),
                    api("certificates.k8s.io/v1alpha1", null, null, false, false),
                    api("certificates.k8s.io/v1beta1", null, null, false, false),
                    api("coordination.k8s.io/v1", null, null, false, false),
                    api("coordination.k8s.io/v1alpha1", "1.31", "1.32", false, false),
                    api("coordination.k8s.io/v1alpha2", "1.32", null, false, false),
                    api("coordination.k8s.io/v1beta1", null, null, false, false),
                    api("discovery.k8s.io/v1", null, null, false, false),
                    api("discovery.k8s.io/v1beta1", null, null, false, false),
                    api("events.k8s.io/v1", null, null, false, false),
                    api("events.k8s.io/v1beta1", null, null, false, false),
                    api("extensions/v1beta1", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1", "1.29", null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta1", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta2", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta3", null, null, false, false),
                    api("internal.apiserver.k8s.io/v1alpha1", null, null, false, false),
                    api("networking.k8s.io/v1", null, null, true, true),
                    api("networking.k8s.io/v1alpha1", null, "1.34", false, false),
                    api("networking.k8s.io/v1beta1", null, null, false, false),
                    api("node.k8s.io/v1", null, null, false, false),
                    api("node.k8s.io/v1alpha1", null, null, false, false),
                    api("node.k8s.io/v1beta1", null, null, false, false),
                    api("policy/v1", null, null, false, false),
                    api("policy/v1beta1", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1", null, null, true, true),
                    api("rbac.authorization.k8s.io/v1alpha1", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1beta1", null, null, false, false),
                    api("resource.k8s.io/v1", "1.34", null, false, false),
                    api("resource.k8s.io/v1alpha2", null, "1.31", false, false),
                    api("resource.k8s.io/v1alpha3", "1.31", null, false, false),
                    api("resource.k8s.io/v1beta1", "1.32", null, false, false),
                    api("resource.k8s.io/v1beta2", "1.33", null, false, false),
                    api("scheduling.k8s.io/v1", null, null, false, false),
                    api("scheduling.k8s.io/v1alpha1", null, "1.36", false, false),
                    api("scheduling.k8s.io/v1alpha2", "1.36", null, false, false),
                    api("scheduling.k8s.io/v1beta1", null, null, false, false),
                    api("storage.k8s.io/v1", null, null, true, false),
                    api("storage.k8s.io/v1alpha1", null, null, false, false),
                    api("storage.k8s.io/v1beta1", null, null, false, false),
                    api("storagemigration.k8s.io/v1alpha1", "1.30", "1.35", false, false),
                    api("storagemigration.k8s.io/v1beta1", "1.35", null, false, false),
                    api("v1", null, null, true, true))
            .collect(Collectors.toUnmodifiableMap(Api::name, a -> a));

    private static final Map<String, Api> RESOURCES = new TreeMap<>(Stream.of(
                    api("admissionregistration.k8s.io/v1/mutatingadmissionpolicies", "1.36", null, false, false),
                    api("admissionregistration.k8s.io/v1/mutatingadmissionpolicybindings", "1.36", null, false, false),
                    api("admissionregistration.k8s.io/v1/mutatingwebhookconfigurations", null, null, true, false),
                    api("admissionregistration.k8s.io/v1/validatingadmissionpolicies", "1.30", null, false, false),
                    api(
                            "admissionregistration.k8s.io/v1/validatingadmissionpolicybindings",
                            "1.30",
                            null,
                            false,
                            false),
                    api("admissionregistration.k8s.io/v1/validatingwebhookconfigurations", null, null, true, false),
                    api("admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicies", "1.32", null, false, false),
                    api(
                            "admissionregistration.k8s.io/v1alpha1/mutatingadmissionpolicybindings",
                            "1.32",
                            null,
                            false,
                            false),
                    api("admissionregistration.k8s.io/v1alpha1/validatingadmissionpolicies", null, null, false, false),
                    api(
                            "admissionregistration.k8s.io/v1alpha1/validatingadmissionpolicybindings",
                            null,
                            null,
                            false,
                            false),
                    api("admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicies", "1.34", null, false, false),
                    api(
                            "admissionregistration.k8s.io/v1beta1/mutatingadmissionpolicybindings",
                            "1.34",
                            null,
                            false,
                            false),
                    api("admissionregistration.k8s.io/v1beta1/mutatingwebhookconfigurations", null, null, false, false),
                    api("admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies", "1.28", null, false, false),
                    api(
                            "admissionregistration.k8s.io/v1beta1/validatingadmissionpolicybindings",
                            "1.28",
                            null,
                            false,
                            false),
                    api(
                            "admissionregistration.k8s.io/v1beta1/validatingwebhookconfigurations",
                            null,
                            null,
                            false,
                            false),
                    api("apps/v1/controllerrevisions", null, null, false, false),
                    api("apps/v1/daemonsets", null, null, false, false),
                    api("apps/v1/deployments", null, null, false, false),
                    api("apps/v1/replicasets", null, null, false, false),
                    api("apps/v1/statefulsets", null, null, false, false),
                    api("apps/v1beta1/controllerrevisions", null, null, false, false),
                    api("apps/v1beta1/deployments", null, null, false, false),
                    api("apps/v1beta1/statefulsets", null, null, false, false),
                    api("apps/v1beta2/controllerrevisions", null, null, false, false),
                    api("apps/v1beta2/daemonsets", null, null, false, false),
                    api("apps/v1beta2/deployments", null, null, false, false),
                    api("apps/v1beta2/replicasets", null, null, false, false),
                    api("apps/v1beta2/statefulsets", null, null, false, false),
                    api("autoscaling/v1/horizontalpodautoscalers", null, null, false, false),
                    api("autoscaling/v2/horizontalpodautoscalers", null, null, true, false),
                    api("autoscaling/v2beta1/horizontalpodautoscalers", null, "1.36", false, false),
                    api("autoscaling/v2beta2/horizontalpodautoscalers", null, "1.36", false, false),
                    api("batch/v1/cronjobs", null, null, false, false),
                    api("batch/v1/jobs", null, null, false, false),
                    api("batch/v1beta1/cronjobs", null, null, false, false),
                    api("certificates.k8s.io/v1/certificatesigningrequests", null, null, true, false),
                    api("certificates.k8s.io/v1alpha1/clustertrustbundles", null, null, false, false),
                    api("certificates.k8s.io/v1alpha1/podcertificaterequests", "1.34", "1.35", false, false),
                    api("certificates.k8s.io/v1beta1/certificatesigningrequests", null, null, false, false),
                    api("certificates.k8s.io/v1beta1/clustertrustbundles", "1.33", null, false, false),
                    api("certificates.k8s.io/v1beta1/podcertificaterequests", "1.35", null, false, false),
                    api("coordination.k8s.io/v1/leases", null, null, true, false),
                    api("coordination.k8s.io/v1alpha1/leasecandidates", "1.31", "1.32", false, false),
                    api("coordination.k8s.io/v1alpha2/leasecandidates", "1.32", null, false, false),
                    api("coordination.k8s.io/v1beta1/leasecandidates", "1.33", null, false, false),
                    api("coordination.k8s.io/v1beta1/leases", null, null, false, false),
                    api("discovery.k8s.io/v1/endpointslices", null, null, true, true),
                    api("discovery.k8s.io/v1beta1/endpointslices", null, null, false, false),
                    api("events.k8s.io/v1/events", null, null, true, true),
                    api("events.k8s.io/v1beta1/events", null, null, false, false),
                    api("extensions/v1beta1/daemonsets", null, null, false, false),
                    api("extensions/v1beta1/deployments", null, null, false, false),
                    api("extensions/v1beta1/ingresses", null, null, false, false),
                    api("extensions/v1beta1/networkpolicies", null, null, false, false),
                    api("extensions/v1beta1/replicasets", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1/flowschemas", "1.29", null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations", "1.29", null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta1/flowschemas", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta1/prioritylevelconfigurations", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta2/flowschemas", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta2/prioritylevelconfigurations", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta3/flowschemas", null, null, false, false),
                    api("flowcontrol.apiserver.k8s.io/v1beta3/prioritylevelconfigurations", null, null, false, false),
                    api("internal.apiserver.k8s.io/v1alpha1/storageversions", null, null, false, false),
                    api("networking.k8s.io/v1/ingressclasses", null, null, false, false),
                    api("networking.k8s.io/v1/ingresses", null, null, false, false),
                    api("networking.k8s.io/v1/ipaddresses", "1.33", null, false, false),
                    api("networking.k8s.io/v1/networkpolicies", null, null, false, false),
                    api("networking.k8s.io/v1/servicecidrs", "1.33", null, false, false),
                    api("networking.k8s.io/v1alpha1/ipaddresses", null, "1.34", false, false),
                    api("networking.k8s.io/v1alpha1/servicecidrs", "1.29", "1.34", false, false),
                    api("networking.k8s.io/v1beta1/ingressclasses", null, null, false, false),
                    api("networking.k8s.io/v1beta1/ingresses", null, null, false, false),
                    api("networking.k8s.io/v1beta1/ipaddresses", null, "1.31", false, false),
                    api("networking.k8s.io/v1beta1/servicecidrs", null, "1.31", false, false),
                    api("node.k8s.io/v1/runtimeclasses", null, null, true, false),
                    api("node.k8s.io/v1alpha1/runtimeclasses", null, null, false, false),
                    api("node.k8s.io/v1beta1/runtimeclasses", null, null, false, false),
                    api("policy/v1/poddisruptionbudgets", null, null, true, false),
                    api("policy/v1beta1/poddisruptionbudgets", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1/clusterrolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1/clusterroles", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1/rolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1/roles", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1alpha1/clusterrolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1alpha1/clusterroles", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1alpha1/rolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1alpha1/roles", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1beta1/clusterrolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1beta1/clusterroles", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1beta1/rolebindings", null, null, false, false),
                    api("rbac.authorization.k8s.io/v1beta1/roles", null, null, false, false),
                    api("resource.k8s.io/v1/deviceclasses", "1.34", null, false, false),
                    api("resource.k8s.io/v1/resourceclaims", "1.34", null, false, false),
                    api("resource.k8s.io/v1/resourceclaimtemplates", "1.34", null, false, false),
                    api("resource.k8s.io/v1/resourceslices", "1.34", null, false, false),
                    api("resource.k8s.io/v1alpha2/podschedulingcontexts", null, "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceclaimparameters", "1.30", "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceclaims", null, "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceclaimtemplates", null, "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceclasses", null, "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceclassparameters", "1.30", "1.31", false, false),
                    api("resource.k8s.io/v1alpha2/resourceslices", "1.30", "1.31", false, false),
                    api("resource.k8s.io/v1alpha3/deviceclasses", "1.31", "1.34", false, false),
                    api("resource.k8s.io/v1alpha3/devicetaintrules", "1.33", null, false, false),
                    api("resource.k8s.io/v1alpha3/podschedulingcontexts", "1.31", "1.32", false, false),
                    api("resource.k8s.io/v1alpha3/resourceclaims", "1.31", "1.34", false, false),
                    api("resource.k8s.io/v1alpha3/resourceclaimtemplates", "1.31", "1.34", false, false),
                    api("resource.k8s.io/v1alpha3/resourcepoolstatusrequests", "1.36", null, false, false),
                    api("resource.k8s.io/v1alpha3/resourceslices", "1.31", "1.34", false, false),
                    api("resource.k8s.io/v1beta1/deviceclasses", "1.32", null, false, false),
                    api("resource.k8s.io/v1beta1/resourceclaims", "1.32", null, false, false),
                    api("resource.k8s.io/v1beta1/resourceclaimtemplates", "1.32", null, false, false),
                    api("resource.k8s.io/v1beta1/resourceslices", "1.32", null, false, false),
                    api("resource.k8s.io/v1beta2/deviceclasses", "1.33", null, false, false),
                    api("resource.k8s.io/v1beta2/devicetaintrules", "1.36", null, false, false),
                    api("resource.k8s.io/v1beta2/resourceclaims", "1.33", null, false, false),
                    api("resource.k8s.io/v1beta2/resourceclaimtemplates", "1.33", null, false, false),
                    api("resource.k8s.io/v1beta2/resourceslices", "1.33", null, false, false),
                    api("scheduling.k8s.io/v1/priorityclasses", null, null, true, false),
                    api("scheduling.k8s.io/v1alpha1/priorityclasses", null, "1.36", false, false),
                    api("scheduling.k8s.io/v1alpha1/workloads", "1.35", "1.36", false, false),
                    api("scheduling.k8s.io/v1alpha2/podgroups", "1.36", null, false, false),
                    api("scheduling.k8s.io/v1alpha2/workloads", "1.36", null, false, false),
                    api("scheduling.k8s.io/v1beta1/priorityclasses", null, null, false, false),
                    api("storage.k8s.io/v1/csidrivers", null, null, false, false),
                    api("storage.k8s.io/v1/csinodes", null, null, false, false),
                    api("storage.k8s.io/v1/csistoragecapacities", null, null, false, false),
                    api("storage.k8s.io/v1/storageclasses", null, null, false, false),
                    api("storage.k8s.io/v1/volumeattachments", null, null, false, false),
                    api("storage.k8s.io/v1/volumeattributesclasses", "1.34", null, false, false),
                    api("storage.k8s.io/v1alpha1/csistoragecapacities", null, null, false, false),
                    api("storage.k8s.io/v1alpha1/volumeattachments", null, null, false, false),
                    api("storage.k8s.io/v1alpha1/volumeattributesclasses", "1.29", null, false, false),
                    api("storage.k8s.io/v1beta1/csidrivers", null, null, false, false),
                    api("storage.k8s.io/v1beta1/csinodes", null, null, false, false),
                    api("storage.k8s.io/v1beta1/csistoragecapacities", null, null, false, false),
                    api("storage.k8s.io/v1beta1/storageclasses", null, null, false, false),
                    api("storage.k8s.io/v1beta1/volumeattachments", null, null, false, false),
                    api("storage.k8s.io/v1beta1/volumeattributesclasses", "1.31", null, false, false),
                    api("storagemigration.k8s.io/v1alpha1/storageversionmigrations", "1.30", "1.35", false, false),
                    api("storagemigration.k8s.io/v1beta1/storageversionmigrations", "1.35", null, false, false),
                    api("v1/componentstatuses", null, null, false, false),
                    api("v1/configmaps", null, null, false, false),
                    api("v1/endpoints", null, null, false, false),
                    api("v1/events", null, null, false, false),
                    api("v1/limitranges", null, null, false, false),
                    api("v1/namespaces", null, null, false, false),
                    api("v1/nodes", null, null, false, false),
                    api("v1/persistentvolumeclaims", null, null, false, false),
                    api("v1/persistentvolumes", null, null, false, false),
                    api("v1/pods", null, null, false, false),
                    api("v1/podtemplates", null, null, false, false),
                    api("v1/replicationcontrollers", null, null, false, false),
                    api("v1/resourcequotas", null, null, false, false),
                    api("v1/secrets", null, null, false, false),
                    api("v1/serviceaccounts", null, null, false, false),
                    api("v1/services", null, null, false, false))
            .collect(Collectors.toMap(Api::name, a -> a)));

    private KubernetesApiGroups() {}

    private static Api api(
            String name, String addedIn, String removedIn, boolean required, boolean requiredForWorkerless) {
        return new Api(name, addedIn, removedIn, required, requiredForWorkerless);
    }

    /** {@code ValidateAPIGroupVersions}, the APIs in name order (Gardener's map order is random). */
    public static List<FieldError> validate(
            Map<String, Boolean> runtimeConfig, String version, boolean workerless, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (runtimeConfig == null || runtimeConfig.isEmpty() || GoSemver.parse(GoSemver.normalize(version)) == null) {
            return errs;
        }
        for (Map.Entry<String, Boolean> e : new TreeMap<>(runtimeConfig).entrySet()) {
            String api = e.getKey();
            String at = path.key(api).toString();
            String[] parts = api.split("/", -1);
            if (parts.length > 3) {
                errs.add(FieldError.invalid(at, api, "invalid API Group format \"" + api + "\""));
                continue;
            }
            String groupVersion =
                    parts.length == 1 ? parts[0] : "v1".equals(parts[0]) ? "v1" : parts[0] + "/" + parts[1];
            String resource = parts.length == 3 || (parts.length == 2 && "v1".equals(parts[0]))
                    ? (parts.length == 2 ? "v1/" + parts[1] : api)
                    : null;
            Api known = resource != null ? RESOURCES.get(resource) : GROUP_VERSIONS.get(groupVersion);
            if (known == null) {
                errs.add(FieldError.invalid(
                        at,
                        api,
                        resource != null
                                ? "unknown API group version resource \"" + resource + "\""
                                : "unknown API group version \"" + groupVersion + "\""));
            } else if (!KubeAPIServerAdmissionPlugins.inRange(known.addedIn(), known.removedIn(), version)) {
                errs.add(FieldError.forbidden(
                        at,
                        "api \"" + api + "\" is not supported in Kubernetes version " + version + ", only supported in "
                                + known.supportedRange()));
            } else if (!Boolean.TRUE.equals(e.getValue())) {
                FieldError required = requiredError(known, workerless, at);
                if (required != null) {
                    errs.add(required);
                } else if (resource != null) {
                    // the whole group version may be required
                    Api group = GROUP_VERSIONS.get(groupVersion);
                    FieldError groupRequired = group == null ? null : requiredError(group, workerless, at);
                    if (groupRequired != null) {
                        errs.add(groupRequired);
                    }
                } else {
                    // disabling a group version disables its required resources
                    for (Api r : RESOURCES.values()) {
                        if (r.name().startsWith(groupVersion + "/")) {
                            FieldError resourceRequired = requiredError(r, workerless, at);
                            if (resourceRequired != null) {
                                errs.add(resourceRequired);
                            }
                        }
                    }
                }
            }
        }
        return errs;
    }

    private static FieldError requiredError(Api api, boolean workerless, String at) {
        if (workerless) {
            return api.requiredForWorkerless()
                    ? FieldError.forbidden(at, "api \"" + api.name() + "\" cannot be disabled for workerless clusters")
                    : null;
        }
        return api.required() ? FieldError.forbidden(at, "api \"" + api.name() + "\" cannot be disabled") : null;
    }
}
