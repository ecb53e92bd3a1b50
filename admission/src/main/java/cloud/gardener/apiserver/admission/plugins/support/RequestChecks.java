package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import java.util.Objects;
import java.util.function.Function;

/** Questions Gardener's plugins ask of every request before they look at it. */
public final class RequestChecks {

    private RequestChecks() {}

    /** Whether the request is about this kind ({@code a.GetKind().GroupKind() == group.Kind(kind)}). */
    public static boolean isKind(Attributes a, String group, String kind) {
        return a.kind().group().equals(group) && a.kind().kind().equals(kind);
    }

    /** Whether the request is about the main resource rather than a subresource. */
    public static boolean isMainResource(Attributes a) {
        return a.subresource().isEmpty();
    }

    /**
     * {@code SkipVerification} on the new object's record: {@code metadata} is its metadata (null when it has none, as
     * on delete).
     */
    public static boolean skipVerification(Operation operation, ObjectMeta metadata) {
        return operation == Operation.UPDATE && metadata != null && metadata.deletionTimestamp() != null;
    }

    /**
     * {@code SkipVerification} on the new object read as a {@code type} (the record the plugin reads anyway, so that
     * it is decoded once): updates of objects being deleted are not checked.
     */
    public static <T> boolean skipVerification(Attributes a, Class<T> type, Function<T, ObjectMeta> metadata) {
        return a.operation() == Operation.UPDATE
                && a.object() != null
                && skipVerification(a.operation(), metadata.apply(a.object(type)));
    }

    /**
     * Whether the spec differs between the new and the stored object read as a {@code type}, as
     * {@code reflect.DeepEqual(oldObj.Spec, obj.Spec)} sees it: the records compared (always true on create).
     */
    public static <T> boolean specChanged(Attributes a, Class<T> type, Function<T, ?> spec) {
        if (a.oldObject() == null) {
            return true;
        }
        Object newSpec = a.object() == null ? null : spec.apply(a.object(type));
        return !Objects.equals(newSpec, spec.apply(a.oldObject(type)));
    }
}
