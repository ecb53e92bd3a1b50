package cloud.gardener.apiserver.endpoints.options;

/** The {@code fieldValidation} directive of create, update and patch; empty means {@link #WARN}. */
public enum FieldValidation {
    /** Unknown and duplicate fields are dropped silently. */
    IGNORE("Ignore"),
    /** They are dropped and reported in {@code Warning} headers (the default). */
    WARN("Warn"),
    /** They fail the request with 400 {@code strict decoding error: ...}. */
    STRICT("Strict");

    private final String value;

    FieldValidation(String value) {
        this.value = value;
    }

    /** The query parameter value. */
    public String value() {
        return value;
    }

    /** The directive for a validated parameter value; null or empty gives {@link #WARN}. */
    public static FieldValidation of(String value) {
        if (value == null || value.isEmpty()) {
            return WARN;
        }
        for (FieldValidation v : values()) {
            if (v.value.equals(value)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown fieldValidation " + value);
    }
}
