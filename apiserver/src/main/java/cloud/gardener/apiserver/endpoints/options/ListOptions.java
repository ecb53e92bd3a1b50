package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code metav1.ListOptions} from the query of a list, watch or deletecollection. Selectors stay raw strings
 * (their parsing belongs to the selector types). {@link #parse} decodes, applies the 1.32 watch-list default
 * and validates like {@code ValidateListOptions} with WatchList on.
 *
 * @param labelSelector        raw {@code labelSelector}, null when absent
 * @param fieldSelector        raw {@code fieldSelector}, null when absent
 * @param resourceVersion      {@code resourceVersion}, null when absent
 * @param resourceVersionMatch {@code Exact} or {@code NotOlderThan}, null when absent
 * @param limit                {@code limit}, null when absent (0 or less means no paging)
 * @param continueToken        {@code continue}, null when absent
 * @param watch                {@code watch}
 * @param allowWatchBookmarks  {@code allowWatchBookmarks}
 * @param timeoutSeconds       {@code timeoutSeconds}, null when absent
 * @param sendInitialEvents    {@code sendInitialEvents}, null when absent (after defaulting)
 */
public record ListOptions(
        String labelSelector,
        String fieldSelector,
        String resourceVersion,
        String resourceVersionMatch,
        Long limit,
        String continueToken,
        boolean watch,
        boolean allowWatchBookmarks,
        Long timeoutSeconds,
        Boolean sendInitialEvents) {

    public static final String MATCH_EXACT = "Exact";
    public static final String MATCH_NOT_OLDER_THAN = "NotOlderThan";

    static final GroupVersionKind KIND = new GroupVersionKind("meta.k8s.io", "v1", "ListOptions");

    /** Parses without forcing watch: {@code watch} comes from the query. */
    public static ListOptions parse(Map<String, List<String>> query) {
        return parse(query, false);
    }

    /**
     * Decodes, defaults and validates.
     *
     * @param forceWatch true for the deprecated {@code /watch/} path prefix, which watches whatever the query says
     * @throws ApiException 400 when an integer does not parse ({@code strconv.ParseInt: parsing "x": invalid
     *                      syntax}); 422 {@code ListOptions.meta.k8s.io "" is invalid: ...} for bad combinations
     */
    public static ListOptions parse(Map<String, List<String>> query, boolean forceWatch) {
        // decode in the field order of the generated conversion, so the first bad integer is the one reported
        Long timeoutSeconds = QueryParams.optionalInt64(query, "timeoutSeconds");
        Long limit = QueryParams.optionalInt64(query, "limit");
        ListOptions o = new ListOptions(
                QueryParams.first(query, "labelSelector"),
                QueryParams.first(query, "fieldSelector"),
                QueryParams.first(query, "resourceVersion"),
                QueryParams.first(query, "resourceVersionMatch"),
                limit,
                QueryParams.first(query, "continue"),
                QueryParams.bool(query, "watch"),
                QueryParams.bool(query, "allowWatchBookmarks"),
                timeoutSeconds,
                QueryParams.optionalBool(query, "sendInitialEvents"));
        o = o.withWatchListDefaults();
        // like Kubernetes, validation looks at the watch parameter only, not at a /watch/ path
        List<FieldError> errors = o.validate(o.watch);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(KIND, "", errors);
        }
        return forceWatch && !o.watch ? o.withWatch() : o;
    }

    /** Whether paging was asked for. */
    public boolean hasLimit() {
        return limit != null && limit > 0;
    }

    /** Whether this is a watch-list ({@code sendInitialEvents=true} and bookmarks allowed): no Table output. */
    public boolean isWatchList() {
        return Boolean.TRUE.equals(sendInitialEvents) && allowWatchBookmarks;
    }

    /**
     * {@code SetListOptionsDefaults} with WatchList on: a watch with resourceVersion unset or {@code 0} and
     * neither sendInitialEvents nor resourceVersionMatch becomes sendInitialEvents=true, NotOlderThan.
     */
    ListOptions withWatchListDefaults() {
        if (sendInitialEvents != null || (resourceVersionMatch != null && !resourceVersionMatch.isEmpty())) {
            return this;
        }
        boolean legacy = resourceVersion == null || resourceVersion.isEmpty() || resourceVersion.equals("0");
        if (watch && legacy) {
            return new ListOptions(
                    labelSelector,
                    fieldSelector,
                    resourceVersion,
                    MATCH_NOT_OLDER_THAN,
                    limit,
                    continueToken,
                    watch,
                    allowWatchBookmarks,
                    timeoutSeconds,
                    true);
        }
        return this;
    }

    private ListOptions withWatch() {
        return new ListOptions(
                labelSelector,
                fieldSelector,
                resourceVersion,
                resourceVersionMatch,
                limit,
                continueToken,
                true,
                allowWatchBookmarks,
                timeoutSeconds,
                sendInitialEvents);
    }

    /** {@code ValidateListOptions} (WatchList enabled), with the messages of apimachinery. */
    List<FieldError> validate(boolean isWatch) {
        List<FieldError> errs = new ArrayList<>();
        String match = resourceVersionMatch == null ? "" : resourceVersionMatch;
        boolean hasContinue = continueToken != null && !continueToken.isEmpty();
        if (isWatch) {
            if (sendInitialEvents != null && !match.equals(MATCH_NOT_OLDER_THAN)) {
                errs.add(FieldError.forbidden(
                        "resourceVersionMatch",
                        "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
            }
            if (!match.isEmpty()) {
                if (sendInitialEvents == null) {
                    errs.add(FieldError.forbidden(
                            "resourceVersionMatch",
                            "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
                }
                if (!match.equals(MATCH_NOT_OLDER_THAN)) {
                    errs.add(FieldError.notSupported("resourceVersionMatch", match, List.of(MATCH_NOT_OLDER_THAN)));
                }
                if (hasContinue) {
                    errs.add(FieldError.forbidden(
                            "resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
                }
            }
            return errs;
        }
        if (!match.isEmpty()) {
            if (resourceVersion == null || resourceVersion.isEmpty()) {
                errs.add(FieldError.forbidden(
                        "resourceVersionMatch",
                        "resourceVersionMatch is forbidden unless resourceVersion is provided"));
            }
            if (hasContinue) {
                errs.add(FieldError.forbidden(
                        "resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided"));
            }
            if (!match.equals(MATCH_EXACT) && !match.equals(MATCH_NOT_OLDER_THAN)) {
                errs.add(FieldError.notSupported(
                        "resourceVersionMatch", match, List.of(MATCH_EXACT, MATCH_NOT_OLDER_THAN, "")));
            }
            if (match.equals(MATCH_EXACT) && "0".equals(resourceVersion)) {
                errs.add(FieldError.forbidden(
                        "resourceVersionMatch",
                        "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
            }
        }
        if (sendInitialEvents != null) {
            errs.add(FieldError.forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list"));
        }
        return errs;
    }

    /**
     * The storage-layer check of a continued list: a resourceVersion other than unset or {@code 0} is 400
     * {@code specifying resource version is not allowed when using continue}. Kubernetes runs it after the
     * token decodes, so call it after {@link ContinueToken#decode(String)}.
     */
    public void checkContinueResourceVersion() {
        if (continueToken != null
                && !continueToken.isEmpty()
                && resourceVersion != null
                && !resourceVersion.isEmpty()
                && !resourceVersion.equals("0")) {
            throw ApiException.badRequest("specifying resource version is not allowed when using continue");
        }
    }
}
