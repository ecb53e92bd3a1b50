package cloud.gardener.apiserver.api.model;

import java.util.Map;

/** Go package paths of records, and the OpenAPI definition names derived from them. */
public final class GoPackages {

    /** Value types of apimachinery, which have no package-info of ours. */
    private static final Map<String, String> KNOWN = Map.of(
            "Quantity", "k8s.io/apimachinery/pkg/api/resource",
            "Duration", "k8s.io/apimachinery/pkg/apis/meta/v1",
            "Time", "k8s.io/apimachinery/pkg/apis/meta/v1",
            "MicroTime", "k8s.io/apimachinery/pkg/apis/meta/v1",
            "IntOrString", "k8s.io/apimachinery/pkg/util/intstr");

    private GoPackages() {}

    /** The Go package path of a record or value type. */
    public static String of(Class<?> type) {
        GoPackage annotation = type.getPackage().getAnnotation(GoPackage.class);
        if (annotation != null) {
            return annotation.value();
        }
        String known = KNOWN.get(type.getSimpleName());
        if (known != null) {
            return known;
        }
        throw new IllegalStateException("no @GoPackage on the package of " + type.getName());
    }

    /** The last element of the Go package path, as Go prints qualified type names ({@code v1beta1.Shoot}). */
    public static String shortName(Class<?> type) {
        String path = of(type);
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The OpenAPI definition name: the Go package path with its first element reversed, then the type, e.g.
     * {@code com.github.gardener.gardener.pkg.apis.core.v1beta1.Shoot} or {@code io.k8s.api.core.v1.Secret}.
     */
    public static String definitionName(Class<?> type) {
        String path = of(type);
        int slash = path.indexOf('/');
        String domain = slash < 0 ? path : path.substring(0, slash);
        String rest = slash < 0 ? "" : path.substring(slash + 1).replace('/', '.');
        String[] labels = domain.split("\\.", -1);
        StringBuilder sb = new StringBuilder();
        for (int i = labels.length - 1; i >= 0; i--) {
            sb.append(labels[i]).append('.');
        }
        return sb + rest + (rest.isEmpty() ? "" : ".") + type.getSimpleName();
    }
}
