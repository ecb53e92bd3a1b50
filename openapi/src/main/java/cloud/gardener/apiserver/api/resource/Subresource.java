package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.List;

/**
 * A subresource such as {@code status}, {@code binding}, {@code scale} or {@code adminkubeconfig}.
 *
 * @param name         the path segment after the object name
 * @param responseKind the kind the subresource answers with; {@code null} means the parent's kind
 * @param verbs        the verbs served, sorted as discovery prints them
 * @param requestDefaulter the defaulter of a create-only subresource's request body, or null
 */
public record Subresource(String name, GroupVersionKind responseKind, List<String> verbs, Defaulter requestDefaulter) {

    public static final List<String> GET_PATCH_UPDATE = List.of("get", "patch", "update");
    public static final List<String> CREATE_ONLY = List.of("create");
    public static final List<String> UPDATE_ONLY = List.of("update");

    public Subresource {
        verbs = verbs.stream().sorted().distinct().toList();
    }

    /** A subresource whose request body, if any, is not defaulted. */
    public Subresource(String name, GroupVersionKind responseKind, List<String> verbs) {
        this(name, responseKind, verbs, null);
    }

    public static Subresource status() {
        return new Subresource("status", null, GET_PATCH_UPDATE);
    }

    /** A get/patch/update subresource answering with the parent's kind, such as {@code shoots/binding}. */
    public static Subresource ofParentKind(String name) {
        return new Subresource(name, null, GET_PATCH_UPDATE);
    }

    /** A create-only subresource answering with another kind, such as {@code shoots/adminkubeconfig}. */
    public static Subresource creating(String name, GroupVersionKind responseKind) {
        return new Subresource(name, responseKind, CREATE_ONLY);
    }

    /** A create-only subresource whose request body (of {@code responseKind}) is defaulted by {@code defaulter}. */
    public static Subresource creating(String name, GroupVersionKind responseKind, Defaulter defaulter) {
        return new Subresource(name, responseKind, CREATE_ONLY, defaulter);
    }

    public boolean supportsVerb(String verb) {
        return verbs.contains(verb);
    }
}
