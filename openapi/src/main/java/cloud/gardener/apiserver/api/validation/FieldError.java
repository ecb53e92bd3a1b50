package cloud.gardener.apiserver.api.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * One validation failure, as {@code field.Error}: a type, a field path, the offending value
 * (only printed for value-carrying types) and a detail message.
 */
public record FieldError(FieldErrorType type, String field, Object badValue, String detail) {

    public static FieldError required(String field, String detail) {
        return new FieldError(FieldErrorType.REQUIRED, field, null, detail);
    }

    public static FieldError invalid(String field, Object value, String detail) {
        return new FieldError(FieldErrorType.INVALID, field, value, detail);
    }

    public static FieldError forbidden(String field, String detail) {
        return new FieldError(FieldErrorType.FORBIDDEN, field, null, detail);
    }

    public static FieldError notSupported(String field, Object value, Collection<String> valid) {
        String detail = valid.isEmpty()
                ? null
                : "supported values: "
                        + valid.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
        return new FieldError(FieldErrorType.NOT_SUPPORTED, field, value, detail);
    }

    public static FieldError duplicate(String field, Object value) {
        return new FieldError(FieldErrorType.DUPLICATE, field, value, null);
    }

    public static FieldError notFound(String field, Object value) {
        return new FieldError(FieldErrorType.NOT_FOUND, field, value, null);
    }

    public static FieldError tooLong(String field, Object value, int max) {
        return tooLong(field, value, (long) max);
    }

    /** For limits beyond {@code int}, e.g. Gardener's {@code math.MaxUint32} on durations. */
    public static FieldError tooLong(String field, Object value, long max) {
        return new FieldError(FieldErrorType.TOO_LONG, field, value, "may not be more than " + max + " bytes");
    }

    public static FieldError internal(String field, String detail) {
        return new FieldError(FieldErrorType.INTERNAL, field, null, detail);
    }

    /** A value printed as given, for values Go prints with {@code %#v} (e.g. {@code 0x0} for a uint64 zero). */
    public record Verbatim(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    public static Verbatim verbatim(String text) {
        return new Verbatim(text);
    }

    /** The cause message without the field path, e.g. {@code Invalid value: "x": must be ...}. */
    public String bodyMessage() {
        StringBuilder sb = new StringBuilder(type.text());
        switch (type) {
            case REQUIRED, FORBIDDEN, TOO_LONG, INTERNAL -> {}
            default -> sb.append(": ").append(renderValue(badValue));
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append(": ").append(detail);
        }
        return sb.toString();
    }

    /** The full message, e.g. {@code spec.x: Invalid value: "x": must be ...}. */
    @Override
    public String toString() {
        return field == null || field.isEmpty() ? bodyMessage() : field + ": " + bodyMessage();
    }

    private static String renderValue(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        if (value instanceof JsonNode n) {
            return n.isTextual() ? renderValue(n.asText()) : n.toString();
        }
        return String.valueOf(value);
    }
}
