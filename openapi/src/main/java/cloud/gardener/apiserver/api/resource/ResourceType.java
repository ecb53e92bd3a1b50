package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the generic machinery needs to know about one resource: names, scope, versions,
 * subresources and field selectors. The typed model extends the descriptor (strategy, printer
 * columns, schema) rather than replacing it.
 *
 * @param group          API group, empty for the core group
 * @param versions       served versions, preferred first
 * @param storageVersion version objects are stored in
 * @param kind           the kind, e.g. {@code Shoot}
 * @param plural         the resource name, e.g. {@code shoots}
 * @param singular       the singular name, e.g. {@code shoot}
 * @param namespaced     whether objects live in a namespace
 * @param shortNames     kubectl short names
 * @param categories     discovery categories, e.g. {@code all}
 * @param subresources   served subresources
 * @param fieldSelectors supported field selector labels beyond {@code metadata.name} and
 *                       {@code metadata.namespace}, mapped to the JSON path they read (dotted)
 * @param verbs          the verbs of the main resource, sorted as discovery prints them
 */
public record ResourceType(
        String group,
        List<String> versions,
        String storageVersion,
        String kind,
        String plural,
        String singular,
        boolean namespaced,
        List<String> shortNames,
        List<String> categories,
        List<Subresource> subresources,
        Map<String, String> fieldSelectors,
        List<String> verbs) {

    /** The verbs of a resource backed by a full generic store; nearly every resource supports all of them. */
    public static final List<String> VERBS =
            List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

    /** A resource serving all {@link #VERBS} (the form used before {@code verbs} became a component). */
    public ResourceType(
            String group,
            List<String> versions,
            String storageVersion,
            String kind,
            String plural,
            String singular,
            boolean namespaced,
            List<String> shortNames,
            List<String> categories,
            List<Subresource> subresources,
            Map<String, String> fieldSelectors) {
        this(
                group,
                versions,
                storageVersion,
                kind,
                plural,
                singular,
                namespaced,
                shortNames,
                categories,
                subresources,
                fieldSelectors,
                VERBS);
    }

    public ResourceType {
        versions = List.copyOf(versions);
        shortNames = List.copyOf(shortNames);
        categories = List.copyOf(categories);
        subresources = List.copyOf(subresources);
        fieldSelectors = Collections.unmodifiableMap(new LinkedHashMap<>(fieldSelectors));
        verbs = verbs.stream().sorted().distinct().toList();
    }

    public GroupResource groupResource() {
        return new GroupResource(group, plural);
    }

    public GroupVersionKind gvk(String version) {
        return new GroupVersionKind(group, version, kind);
    }

    public GroupVersionKind storageGvk() {
        return gvk(storageVersion);
    }

    public String listKind() {
        return kind + "List";
    }

    public Optional<Subresource> subresource(String name) {
        return subresources.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public boolean hasStatus() {
        return subresource("status").isPresent();
    }

    public boolean servesVersion(String version) {
        return versions.contains(version);
    }

    public boolean supportsVerb(String verb) {
        return verbs.contains(verb);
    }

    /** Whether objects are kept: a resource that cannot be read back (an access review) answers and forgets. */
    public boolean stored() {
        return verbs.contains("get");
    }

    /** The API version objects of this resource are written with in {@code version}, e.g. {@code core.gardener.cloud/v1beta1}. */
    public String apiVersion(String version) {
        return gvk(version).apiVersion();
    }

    /** The kind a subresource answers with in {@code version}: its own response kind, else this resource's kind. */
    public GroupVersionKind responseKind(Subresource subresource, String version) {
        return subresource.responseKind() != null ? subresource.responseKind() : gvk(version);
    }
}
