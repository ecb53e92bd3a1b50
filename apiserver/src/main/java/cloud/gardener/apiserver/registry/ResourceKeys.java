package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.resource.ResourceType;

/**
 * Where a resource's objects live in storage, the one place the key layout is written down:
 * {@code <prefix>/<group>/<plural>/<namespace>/<name>}, the core group without its group part and cluster-scoped
 * resources without a namespace part (as {@code registry.NamespaceKeyFunc} and {@code NoNamespaceKeyFunc} under
 * {@code /registry-gardener}). The stores, the admission cache, encryption at rest and the object counts all ask here.
 *
 * @param root       {@code <prefix>/<group>/<plural>}, without a trailing {@code /}
 * @param namespaced whether keys carry a namespace part
 */
public record ResourceKeys(String root, boolean namespaced) {

    public static ResourceKeys of(String prefix, ResourceType type) {
        return new ResourceKeys(
                prefix + (type.group().isEmpty() ? "" : "/" + type.group()) + "/" + type.plural(), type.namespaced());
    }

    /** Every key of the resource starts with this: the root and a {@code /}. */
    public String all() {
        return root + "/";
    }

    /** The key prefix of a collection: one namespace, or every object when {@code namespace} is empty or null. */
    public String collection(String namespace) {
        return namespaced && namespace != null && !namespace.isEmpty() ? root + "/" + namespace + "/" : all();
    }

    /** The key of one object. */
    public String object(String namespace, String name) {
        return namespaced ? root + "/" + namespace + "/" + name : root + "/" + name;
    }
}
