package cloud.gardener.apiserver.api.validation;

/** The types of {@code field.Error} with the cause reason and the text each one prints as. */
public enum FieldErrorType {
    NOT_FOUND("FieldValueNotFound", "Not found"),
    REQUIRED("FieldValueRequired", "Required value"),
    DUPLICATE("FieldValueDuplicate", "Duplicate value"),
    INVALID("FieldValueInvalid", "Invalid value"),
    NOT_SUPPORTED("FieldValueNotSupported", "Unsupported value"),
    FORBIDDEN("FieldValueForbidden", "Forbidden"),
    TOO_LONG("FieldValueTooLong", "Too long"),
    TOO_MANY("FieldValueTooMany", "Too many"),
    INTERNAL("InternalError", "Internal error"),
    TYPE_INVALID("FieldValueTypeInvalid", "Invalid value");

    private final String reason;
    private final String text;

    FieldErrorType(String reason, String text) {
        this.reason = reason;
        this.text = text;
    }

    /** The {@code StatusCause.reason} string. */
    public String reason() {
        return reason;
    }

    /** The human-readable type as printed in messages, e.g. {@code Invalid value}. */
    public String text() {
        return text;
    }
}
