package cloud.gardener.apiserver.openapi;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;

/** Schema names in the reverse-DNS Go package form Kubernetes' OpenAPI generator uses. */
public final class SchemaNames {

    private static final String META = "io.k8s.apimachinery.pkg.apis.meta.v1.";
    private static final String GARDENER_SUFFIX = ".gardener.cloud";

    private SchemaNames() {}

    /**
     * The schema of a kind: {@code com.github.gardener.gardener.pkg.apis.<group>.<version>.<Kind>} for
     * Gardener groups, {@code io.k8s.api.core.v1.<Kind>} for the core group and
     * {@code io.k8s.api.<group>.<version>.<Kind>} for other Kubernetes groups (e.g. autoscaling).
     */
    public static String of(GroupVersionKind gvk) {
        String pkg;
        if (gvk.group().endsWith(GARDENER_SUFFIX)) {
            String shortGroup = gvk.group().substring(0, gvk.group().length() - GARDENER_SUFFIX.length());
            pkg = "com.github.gardener.gardener.pkg.apis." + shortGroup;
        } else if (gvk.group().isEmpty()) {
            pkg = "io.k8s.api.core";
        } else {
            pkg = "io.k8s.api." + gvk.group().split("\\.", -1)[0];
        }
        return pkg + "." + gvk.version() + "." + gvk.kind();
    }

    /** A meta/v1 type, e.g. {@code io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta}. */
    public static String meta(String type) {
        return META + type;
    }

    /** A type next to a kind in the same package, e.g. the {@code ScaleSpec} of {@code Scale}. */
    public static String sibling(GroupVersionKind gvk, String type) {
        String name = of(gvk);
        return name.substring(0, name.lastIndexOf('.') + 1) + type;
    }

    public static final String RAW_EXTENSION = "io.k8s.apimachinery.pkg.runtime.RawExtension";
}
