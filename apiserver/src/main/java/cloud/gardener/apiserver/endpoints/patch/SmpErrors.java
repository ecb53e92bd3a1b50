package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The errors of {@code strategicpatch} as the PATCH handler answers them ({@code interpretStrategicMergePatchError}):
 * the malformed-directive sentinels are 400, {@code ErrNoListOfLists} the generic 422, and every other error is not
 * an API status, so Go answers it with a 500 carrying the error text and no reason.
 */
final class SmpErrors {

    /** {@code mergepatch.ErrBadPatchFormatForPrimitiveList}. */
    static final String BAD_PRIMITIVE_LIST = "invalid patch format of primitive list";
    /** {@code mergepatch.ErrBadPatchFormatForRetainKeys}. */
    static final String BAD_RETAIN_KEYS = "invalid patch format of retainKeys";
    /** {@code mergepatch.ErrBadPatchFormatForSetElementOrderList}. */
    static final String BAD_SET_ELEMENT_ORDER = "invalid patch format of setElementOrder list";
    /** {@code mergepatch.ErrNoListOfLists}. */
    static final String NO_LIST_OF_LISTS = "lists of lists are not supported";

    private SmpErrors() {}

    static ApiException badRequest(String sentinel) {
        return ApiException.badRequest(sentinel);
    }

    static ApiException noListOfLists() {
        return JsonPatch.invalid();
    }

    /** Any other error: 500 with an empty reason and the Go error text. */
    static ApiException other(String message) {
        return ApiException.unknown(message);
    }

    /** {@code mergepatch.ErrBadArgType(expected, actual)}. */
    static ApiException badArgType(String expectedType, JsonNode actual) {
        return other("expected a " + expectedType + ", but received a " + GoValues.typeName(actual));
    }

    /** {@code mergepatch.ErrNoMergeKey(m, k)}. */
    static ApiException noMergeKey(JsonNode map, String key) {
        return other("map: " + GoValues.v(map) + " does not contain declared merge key: " + key);
    }

    /** {@code mergepatch.ErrBadPatchType(t, m)}. */
    static ApiException badPatchType(JsonNode directive, JsonNode map) {
        return other("unknown patch type: " + GoValues.s(directive) + " in map: " + GoValues.v(map));
    }
}
