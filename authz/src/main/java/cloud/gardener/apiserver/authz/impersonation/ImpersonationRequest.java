package cloud.gardener.apiserver.authz.impersonation;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;

/**
 * One thing an {@code Impersonate-*} header asks to act as, as k8s.io/apiserver's impersonation filter holds it in
 * a {@code v1.ObjectReference}: a user, a service account, a group, one value of an extra key, or a UID. Each is
 * authorized on its own with verb {@code impersonate}.
 *
 * @param kind       {@code User}, {@code ServiceAccount}, {@code Group}, {@code UserExtra} or {@code UID}
 * @param namespace  the service account's namespace, else {@code ""}
 * @param name       the user, service account, group, extra value or UID
 * @param apiVersion {@code authentication.k8s.io/v1} for extras and UIDs, else {@code ""}
 * @param fieldPath  the extra key (lower-cased, percent-decoded), else {@code ""}
 */
public record ImpersonationRequest(Kind kind, String namespace, String name, String apiVersion, String fieldPath) {

    public static final String AUTHENTICATION_V1 = "authentication.k8s.io/v1";

    /** The kinds of things one may impersonate, with the resource their authorization names. */
    public enum Kind {
        SERVICE_ACCOUNT("ServiceAccount", "serviceaccounts"),
        USER("User", "users"),
        GROUP("Group", "groups"),
        USER_EXTRA("UserExtra", "userextras"),
        UID("UID", "uids");

        private final String goName;
        private final String resource;

        Kind(String goName, String resource) {
            this.goName = goName;
            this.resource = resource;
        }

        public String resource() {
            return resource;
        }
    }

    static ImpersonationRequest of(Kind kind, String namespace, String name) {
        return new ImpersonationRequest(kind, namespace, name, "", "");
    }

    /** What the requestor must be allowed: {@code impersonate} on the resource, the extra key as subresource. */
    public Attributes attributes(UserInfo requestor) {
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return Attributes.forResource(
                requestor, "impersonate", group, version, namespace, kind.resource(), fieldPath, name, "");
    }

    /** Go's {@code %v} of the ObjectReference: {@code {Kind Namespace Name UID APIVersion ResourceVersion FieldPath}}. */
    @Override
    public String toString() {
        return "{" + kind.goName + " " + namespace + " " + name + "  " + apiVersion + "  " + fieldPath + "}";
    }
}
