package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.List;

/**
 * The API groups this server serves and their names, and the resources of each part of the catalogue (derived
 * from {@link Kinds}): gardener-apiserver's (reference table 1.1), the operator's {@code gardens}, and a small
 * standalone core/v1 subset (namespaces, secrets, configmaps, events) that is left out when a real kube-apiserver
 * serves those, as are kube-apiserver's access reviews and SelfSubjectReview then.
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
        return types(Kinds.GARDENER);
    }

    /** The standalone core/v1 subset, with kube-apiserver's names, verbs and field selectors. */
    public static List<ResourceType> coreV1() {
        return types(Kinds.CORE_V1);
    }

    /** {@code events.k8s.io/v1} events: the same objects as core/v1 events, stored in core/v1's form. */
    public static ResourceType eventsV1() {
        return Kinds.EVENTS_V1_EVENT.type();
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
        return types(Kinds.KUBERNETES_REVIEWS);
    }

    private static List<ResourceType> types(List<KindDefinition<?>> definitions) {
        return definitions.stream().map(KindDefinition::type).toList();
    }
}
