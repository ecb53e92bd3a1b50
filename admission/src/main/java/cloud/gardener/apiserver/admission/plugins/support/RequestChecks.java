package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import com.fasterxml.jackson.databind.JsonNode;

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

    /** {@code SkipVerification}: updates of objects being deleted are not checked. */
    public static boolean skipVerification(Attributes a) {
        return a.operation() == Operation.UPDATE
                && a.object() != null
                && a.object().path("metadata").hasNonNull("deletionTimestamp");
    }

    /**
     * {@code SkipVerification} on the new object's record: {@code metadata} is its metadata (null when it has none, as
     * on delete).
     */
    public static boolean skipVerification(Operation operation, ObjectMeta metadata) {
        return operation == Operation.UPDATE && metadata != null && metadata.deletionTimestamp() != null;
    }

    /** Whether {@code spec} differs between the new and the old object (always true on create). */
    public static boolean specChanged(Attributes a) {
        if (a.oldObject() == null) {
            return true;
        }
        JsonNode spec = a.object() == null ? null : a.object().get("spec");
        JsonNode oldSpec = a.oldObject().get("spec");
        return !java.util.Objects.equals(spec, oldSpec);
    }
}
