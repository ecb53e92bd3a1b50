package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The resources this server serves: gardener-apiserver's (reference table 1.1), the operator's
 * {@code gardens}, and a small standalone core/v1 subset (namespaces, secrets, configmaps) that is
 * left out when a real kube-apiserver serves those, as are kube-apiserver's access reviews and SelfSubjectReview
 * then.
 */
public final class StandardResources {

    public static final String CORE = "core.gardener.cloud";
    public static final String SEEDMANAGEMENT = "seedmanagement.gardener.cloud";
    public static final String OPERATIONS = "operations.gardener.cloud";
    public static final String SECURITY = "security.gardener.cloud";
    public static final String OPERATOR = "operator.gardener.cloud";
    /** Not served as a group; its kinds only appear as bodies of the shoot credential subresources. */
    public static final String AUTHENTICATION = "authentication.gardener.cloud";

    public static final String K8S_AUTHENTICATION = "authentication.k8s.io";
    public static final String K8S_EVENTS = "events.k8s.io";
    public static final String K8S_AUTHORIZATION = "authorization.k8s.io";

    public static final GroupVersionKind ADMIN_KUBECONFIG_REQUEST =
            new GroupVersionKind(AUTHENTICATION, "v1alpha1", "AdminKubeconfigRequest");
    public static final GroupVersionKind VIEWER_KUBECONFIG_REQUEST =
            new GroupVersionKind(AUTHENTICATION, "v1alpha1", "ViewerKubeconfigRequest");
    public static final GroupVersionKind SCALE = new GroupVersionKind("autoscaling", "v1", "Scale");
    public static final GroupVersionKind TOKEN_REQUEST = new GroupVersionKind(SECURITY, "v1alpha1", "TokenRequest");

    private static final List<String> ALL = List.of("all");
    private static final List<String> NONE = List.of();

    private StandardResources() {}

    /** Gardener's groups, in the order discovery lists them: core first. */
    public static List<ApiGroup> gardenerGroups() {
        return List.of(
                new ApiGroup(CORE, List.of("v1beta1", "v1")),
                new ApiGroup(OPERATIONS, List.of("v1alpha1")),
                new ApiGroup(OPERATOR, List.of("v1alpha1")),
                new ApiGroup(SEEDMANAGEMENT, List.of("v1alpha1")),
                new ApiGroup(SECURITY, List.of("v1alpha1")));
    }

    public static ApiGroup coreV1Group() {
        return new ApiGroup("", List.of("v1"));
    }

    /** The 21 gardener-apiserver resources plus gardener-operator's {@code gardens} and {@code extensions}. */
    public static List<ResourceType> gardener() {
        var status = List.of(Subresource.status());
        return List.of(
                core(
                        "BackupBucket",
                        false,
                        List.of("bbc"),
                        ALL,
                        status,
                        fields("spec.seedName", "spec.shootRef.name", "spec.shootRef.namespace")),
                core(
                        "BackupEntry",
                        true,
                        List.of("bec"),
                        ALL,
                        status,
                        fields("spec.seedName", "spec.bucketName", "spec.shootRef.name", "spec.shootRef.namespace")),
                core("CloudProfile", false, List.of("cprofile", "cpfl"), NONE, status, Map.of()),
                core("NamespacedCloudProfile", true, List.of("nsprofile", "nscpfl"), NONE, status, Map.of()),
                new ResourceType(
                        CORE,
                        List.of("v1beta1", "v1"),
                        "v1",
                        "ControllerDeployment",
                        "controllerdeployments",
                        "controllerdeployment",
                        false,
                        List.of("ctrldeploy"),
                        ALL,
                        List.of(),
                        Map.of()),
                core("ControllerRegistration", false, List.of("ctrlreg"), ALL, List.of(), Map.of()),
                core(
                        "ControllerInstallation",
                        false,
                        List.of("ctrlinst"),
                        ALL,
                        status,
                        fields(
                                "spec.registrationRef.name",
                                "spec.seedRef.name",
                                "spec.shootRef.name",
                                "spec.shootRef.namespace")),
                core("ExposureClass", false, List.of("expclass", "expcls"), NONE, List.of(), Map.of()),
                core("InternalSecret", true, List.of("ins"), NONE, List.of(), fields("type")),
                core("Project", false, NONE, NONE, status, fields("spec.namespace")),
                core("Quota", true, List.of("squota"), NONE, List.of(), Map.of()),
                core("SecretBinding", true, List.of("sb"), NONE, List.of(), Map.of()),
                core("Seed", false, NONE, NONE, status, Map.of()),
                core("ShootState", true, NONE, ALL, List.of(), Map.of()),
                core(
                        "Shoot",
                        true,
                        NONE,
                        ALL,
                        List.of(
                                Subresource.status(),
                                Subresource.ofParentKind("binding"),
                                Subresource.creating("adminkubeconfig", ADMIN_KUBECONFIG_REQUEST),
                                Subresource.creating("viewerkubeconfig", VIEWER_KUBECONFIG_REQUEST)),
                        shootFields()),
                alpha(SEEDMANAGEMENT, "Gardenlet", true, List.of("gl", "glet"), NONE, status, Map.of()),
                alpha(SEEDMANAGEMENT, "ManagedSeed", true, List.of("ms"), NONE, status, fields("spec.shoot.name")),
                alpha(
                        SEEDMANAGEMENT,
                        "ManagedSeedSet",
                        true,
                        List.of("mss"),
                        NONE,
                        List.of(Subresource.status(), new Subresource("scale", SCALE, Subresource.GET_PATCH_UPDATE)),
                        Map.of()),
                alpha(OPERATIONS, "Bastion", true, NONE, ALL, status, fields("spec.seedName", "spec.shootRef.name")),
                alpha(SECURITY, "CredentialsBinding", true, List.of("cb"), NONE, List.of(), Map.of()),
                alpha(
                        SECURITY,
                        "WorkloadIdentity",
                        true,
                        List.of("wi"),
                        NONE,
                        List.of(Subresource.creating("token", TOKEN_REQUEST)),
                        Map.of()),
                alpha(OPERATOR, "Garden", false, NONE, NONE, status, Map.of()),
                // gardener-operator's registration of extensions: the Garden's extension types are checked against it
                alpha(OPERATOR, "Extension", false, List.of("extop"), NONE, status, Map.of()));
    }

    /** The standalone core/v1 subset, with kube-apiserver's names, verbs and field selectors. */
    public static List<ResourceType> coreV1() {
        // kube-apiserver's namespace store has no deletecollection, and finalize is update-only.
        var namespaceVerbs = List.of("create", "delete", "get", "list", "patch", "update", "watch");
        return List.of(
                new ResourceType(
                        "",
                        List.of("v1"),
                        "v1",
                        "Namespace",
                        "namespaces",
                        "namespace",
                        false,
                        List.of("ns"),
                        NONE,
                        List.of(Subresource.status(), new Subresource("finalize", null, Subresource.UPDATE_ONLY)),
                        fields("status.phase"),
                        namespaceVerbs),
                new ResourceType(
                        "",
                        List.of("v1"),
                        "v1",
                        "Secret",
                        "secrets",
                        "secret",
                        true,
                        NONE,
                        NONE,
                        List.of(),
                        fields("type")),
                new ResourceType(
                        "",
                        List.of("v1"),
                        "v1",
                        "ConfigMap",
                        "configmaps",
                        "configmap",
                        true,
                        List.of("cm"),
                        NONE,
                        List.of(),
                        Map.of()),
                new ResourceType(
                        "",
                        List.of("v1"),
                        "v1",
                        "Event",
                        "events",
                        "event",
                        true,
                        List.of("ev"),
                        NONE,
                        List.of(),
                        coreEventFields()));
    }

    /** kube-apiserver's field selectors of core/v1 events, by the JSON path they read. */
    private static Map<String, String> coreEventFields() {
        Map<String, String> map = new LinkedHashMap<>();
        for (String field : List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")) {
            map.put("involvedObject." + field, "involvedObject." + field);
        }
        map.put("reason", "reason");
        map.put("reportingComponent", "reportingComponent");
        map.put("source", "source.component");
        map.put("type", "type");
        return map;
    }

    /**
     * {@code events.k8s.io/v1} events: the same objects as core/v1 events, stored in core/v1's form (where its
     * field selectors read, under events.k8s.io's names).
     */
    public static ResourceType eventsV1() {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")) {
            fields.put("regarding." + field, "involvedObject." + field);
        }
        fields.put("reason", "reason");
        fields.put("reportingController", "reportingComponent");
        fields.put("type", "type");
        return new ResourceType(
                K8S_EVENTS,
                List.of("v1"),
                "v1",
                "Event",
                "events",
                "event",
                true,
                List.of("ev"),
                NONE,
                List.of(),
                fields);
    }

    /**
     * kube-apiserver's groups this server serves standalone, in kube-apiserver's discovery order. SelfSubjectReview
     * is served in v1beta1 too: kubectl 1.27 asks there (and falls back to v1alpha1) before v1 existed.
     */
    public static List<ApiGroup> kubernetesGroups() {
        return List.of(
                new ApiGroup(K8S_EVENTS, List.of("v1")),
                new ApiGroup(K8S_AUTHENTICATION, List.of("v1", "v1beta1")),
                new ApiGroup(K8S_AUTHORIZATION, List.of("v1")));
    }

    /**
     * The access reviews and SelfSubjectReview: create-only, answered from the request's user, never stored;
     * LocalSubjectAccessReview is the namespaced one.
     */
    public static List<ResourceType> kubernetesReviews() {
        List<String> create = List.of("create");
        return List.of(
                new ResourceType(
                        K8S_AUTHENTICATION,
                        List.of("v1", "v1beta1"),
                        "v1",
                        "SelfSubjectReview",
                        "selfsubjectreviews",
                        "selfsubjectreview",
                        false,
                        NONE,
                        NONE,
                        List.of(),
                        Map.of(),
                        create),
                new ResourceType(
                        K8S_AUTHORIZATION,
                        List.of("v1"),
                        "v1",
                        "LocalSubjectAccessReview",
                        "localsubjectaccessreviews",
                        "localsubjectaccessreview",
                        true,
                        NONE,
                        NONE,
                        List.of(),
                        Map.of(),
                        create),
                new ResourceType(
                        K8S_AUTHORIZATION,
                        List.of("v1"),
                        "v1",
                        "SelfSubjectAccessReview",
                        "selfsubjectaccessreviews",
                        "selfsubjectaccessreview",
                        false,
                        NONE,
                        NONE,
                        List.of(),
                        Map.of(),
                        create),
                new ResourceType(
                        K8S_AUTHORIZATION,
                        List.of("v1"),
                        "v1",
                        "SelfSubjectRulesReview",
                        "selfsubjectrulesreviews",
                        "selfsubjectrulesreview",
                        false,
                        NONE,
                        NONE,
                        List.of(),
                        Map.of(),
                        create),
                new ResourceType(
                        K8S_AUTHORIZATION,
                        List.of("v1"),
                        "v1",
                        "SubjectAccessReview",
                        "subjectaccessreviews",
                        "subjectaccessreview",
                        false,
                        NONE,
                        NONE,
                        List.of(),
                        Map.of(),
                        create));
    }

    private static ResourceType core(
            String kind,
            boolean namespaced,
            List<String> shortNames,
            List<String> categories,
            List<Subresource> subresources,
            Map<String, String> fieldSelectors) {
        return new ResourceType(
                CORE,
                List.of("v1beta1"),
                "v1beta1",
                kind,
                plural(kind),
                kind.toLowerCase(Locale.ROOT),
                namespaced,
                shortNames,
                categories,
                subresources,
                fieldSelectors);
    }

    private static ResourceType alpha(
            String group,
            String kind,
            boolean namespaced,
            List<String> shortNames,
            List<String> categories,
            List<Subresource> subresources,
            Map<String, String> fieldSelectors) {
        return new ResourceType(
                group,
                List.of("v1alpha1"),
                "v1alpha1",
                kind,
                plural(kind),
                kind.toLowerCase(Locale.ROOT),
                namespaced,
                shortNames,
                categories,
                subresources,
                fieldSelectors);
    }

    private static String plural(String kind) {
        String lower = kind.toLowerCase(Locale.ROOT);
        if (lower.endsWith("y")) {
            return lower.substring(0, lower.length() - 1) + "ies";
        }
        if (lower.endsWith("s")) {
            return lower + "es";
        }
        return lower + "s";
    }

    /** Field selector labels that read the JSON path of the same name. */
    private static Map<String, String> fields(String... labels) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String label : labels) {
            map.put(label, label);
        }
        return map;
    }

    private static Map<String, String> shootFields() {
        Map<String, String> map = fields("spec.seedName", "status.seedName", "spec.cloudProfileName");
        // Gardener's selector labels capitalise Name/Kind although the JSON fields are lower case.
        map.put("spec.cloudProfile.Name", "spec.cloudProfile.name");
        map.put("spec.cloudProfile.Kind", "spec.cloudProfile.kind");
        return map;
    }
}
