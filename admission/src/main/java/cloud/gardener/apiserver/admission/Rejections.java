package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.validation.FieldError;
import io.vertx.core.Future;
import java.util.List;

/** The errors plugins answer with, worded as k8s.io/apiserver's admission helpers word them. */
public final class Rejections {

    public static final String NOT_READY = "not yet ready to handle request";

    private Rejections() {}

    /**
     * {@code admission.NewForbidden}: 403 on the request's resource, named after the request, else the
     * object's name, else its generateName, else "Unknown".
     */
    public static ApiException forbidden(Attributes a, String message) {
        return ApiException.forbidden(a.resource(), resourceName(a), message);
    }

    /** The answer of a plugin whose caches are not filled yet. */
    public static <T> Future<T> notReady(Attributes a) {
        return Future.failedFuture(forbidden(a, NOT_READY));
    }

    /** {@code apierrors.NewInvalid(a.GetKind().GroupKind(), a.GetName(), errs)}: 422 with one cause per error. */
    public static ApiException invalid(Attributes a, List<FieldError> errors) {
        GroupVersionKind kind = a.kind();
        return ApiException.invalid(kind, a.name(), errors);
    }

    /** A failed future with {@link #forbidden}. */
    public static <T> Future<T> forbid(Attributes a, String message) {
        return Future.failedFuture(forbidden(a, message));
    }

    private static String resourceName(Attributes a) {
        if (!a.name().isEmpty()) {
            return a.name();
        }
        if (a.object() != null) {
            String name = a.object().path("metadata").path("name").asText();
            if (!name.isEmpty()) {
                return name;
            }
            String generateName =
                    a.object().path("metadata").path("generateName").asText();
            if (!generateName.isEmpty()) {
                return generateName;
            }
        }
        return "Unknown";
    }
}
