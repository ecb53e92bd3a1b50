package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.api.meta.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code response} of an AdmissionReview, built as controller-runtime's {@code admission} package builds
 * it ({@code Allowed}, {@code Denied}, {@code Errored}, a rejection's own Status, {@code WithWarnings},
 * {@code Complete}).
 *
 * @param uid      the request's uid ("" until {@link #complete})
 * @param result   the {@code status}: code 200 when allowed
 * @param warnings warnings for the client
 */
public record AdmissionResponse(String uid, boolean allowed, Status result, List<String> warnings) {

    public AdmissionResponse {
        warnings = List.copyOf(warnings);
    }

    /** {@code admission.Allowed("")}. */
    public static AdmissionResponse allow() {
        return new AdmissionResponse("", true, new Status(null, null, null, null, 200, Map.of()), List.of());
    }

    /** {@code admission.Allowed(message)}: 200 with the message, if any. */
    public static AdmissionResponse allow(String message) {
        return new AdmissionResponse(
                "", true, new Status(null, message.isEmpty() ? null : message, null, null, 200, Map.of()), List.of());
    }

    /** {@code admission.Denied(message)}: 403 Forbidden. */
    public static AdmissionResponse deny(String message) {
        return new AdmissionResponse("", false, new Status(null, message, "Forbidden", null, 403, Map.of()), List.of());
    }

    /** {@code admission.Errored(code, err)}: the code and message, no reason. */
    public static AdmissionResponse error(int code, String message) {
        return new AdmissionResponse("", false, new Status(null, message, null, null, code, Map.of()), List.of());
    }

    /** A rejection with an API error's Status, as controller-runtime answers an {@code APIStatus} error. */
    public static AdmissionResponse reject(Status status) {
        return new AdmissionResponse("", false, status, List.of());
    }

    public AdmissionResponse withWarnings(List<String> more) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(more);
        return new AdmissionResponse(uid, allowed, result, all);
    }

    /** {@code Response.Complete}: the request's uid. */
    public AdmissionResponse complete(String requestUid) {
        return new AdmissionResponse(requestUid, allowed, result, warnings);
    }
}
