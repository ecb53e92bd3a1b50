package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;

/** An object's name, namespace and deletion as Go reads them from its metadata: "" and false when absent. */
final class ObjectNames {

    private ObjectNames() {}

    static String name(ObjectMeta meta) {
        return text(meta == null ? null : meta.name());
    }

    static String namespace(ObjectMeta meta) {
        return text(meta == null ? null : meta.namespace());
    }

    /** {@code namespace/name}. */
    static String key(ObjectMeta meta) {
        return namespace(meta) + "/" + name(meta);
    }

    static boolean deleting(ObjectMeta meta) {
        return meta != null && meta.deletionTimestamp() != null;
    }
}
