package cloud.gardener.apiserver.api.model;

/** Strings as Go holds them: the model's records hold null for an absent string, where Go holds the zero value. */
public final class GoStrings {

    private GoStrings() {}

    /** {@code s}, or Go's zero string {@code ""} for null. */
    public static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
