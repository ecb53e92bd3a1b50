package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.api.authentication.v1alpha1.AdminKubeconfigRequest;
import cloud.gardener.apiserver.api.authentication.v1alpha1.ViewerKubeconfigRequest;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;

/**
 * What distinguishes {@code shoots/adminkubeconfig} from {@code shoots/viewerkubeconfig} (Gardener's
 * {@code NewAdminKubeconfigREST} and {@code NewViewerKubeconfigREST}): the request kind, the CN prefix, and the
 * access review that picks the certificate's organisation. The review attributes are Gardener's, odd as they
 * are (group {@code v1}, resource {@code Secret}; group {@code core.gardener.cloud/v1beta1}, resource
 * {@code Project}): effectively only users allowed everything get the system group.
 */
@SuppressWarnings("ImmutableEnumChecker") // GroupVersionKind is a record of strings, immutable but not annotated
public enum KubeconfigFlavor {
    ADMIN(
            "adminkubeconfig",
            StandardResources.ADMIN_KUBECONFIG_REQUEST,
            AdminKubeconfigRequest.class,
            "gardener.cloud:admin:",
            "v1",
            "Secret",
            "gardener.cloud:system:admins",
            "gardener.cloud:project:admins"),
    VIEWER(
            "viewerkubeconfig",
            StandardResources.VIEWER_KUBECONFIG_REQUEST,
            ViewerKubeconfigRequest.class,
            "gardener.cloud:viewer:",
            "core.gardener.cloud/v1beta1",
            "Project",
            "gardener.cloud:system:viewers",
            "gardener.cloud:project:viewers");

    private final String subresource;
    private final GroupVersionKind kind;
    private final Class<?> model;
    private final String userNamePrefix;
    private final String reviewGroup;
    private final String reviewResource;
    private final String systemGroup;
    private final String projectGroup;

    KubeconfigFlavor(
            String subresource,
            GroupVersionKind kind,
            Class<?> model,
            String userNamePrefix,
            String reviewGroup,
            String reviewResource,
            String systemGroup,
            String projectGroup) {
        this.subresource = subresource;
        this.kind = kind;
        this.model = model;
        this.userNamePrefix = userNamePrefix;
        this.reviewGroup = reviewGroup;
        this.reviewResource = reviewResource;
        this.systemGroup = systemGroup;
        this.projectGroup = projectGroup;
    }

    public String subresource() {
        return subresource;
    }

    public GroupVersionKind kind() {
        return kind;
    }

    public Class<?> model() {
        return model;
    }

    /** The certificate CN: the prefix and the requesting user's name. */
    public String commonName(String userName) {
        return userNamePrefix + userName;
    }

    /** The API group of the list review (Gardener puts a group/version or a version there). */
    public String reviewGroup() {
        return reviewGroup;
    }

    /** The resource of the list review (Gardener puts a kind there). */
    public String reviewResource() {
        return reviewResource;
    }

    /** The organisation when the review allows. */
    public String systemGroup() {
        return systemGroup;
    }

    /** The organisation otherwise. */
    public String projectGroup() {
        return projectGroup;
    }
}
