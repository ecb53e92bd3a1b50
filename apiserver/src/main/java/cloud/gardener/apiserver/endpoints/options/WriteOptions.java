package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.GoStrings;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code CreateOptions}, {@code UpdateOptions} and {@code PatchOptions} from the query, validated as
 * {@code ValidateCreateOptions}/{@code ValidateUpdateOptions}/{@code ValidatePatchOptions} do.
 *
 * @param dryRun          {@code dryRun=All} was given
 * @param fieldManager    {@code fieldManager}, empty when absent
 * @param fieldValidation the effective directive ({@code Warn} when absent)
 * @param force           {@code force} (apply patches only), null when absent
 */
public record WriteOptions(boolean dryRun, String fieldManager, FieldValidation fieldValidation, Boolean force) {

    /** Which request the options belong to; it picks the options kind and the apply-only rules. */
    public enum Operation {
        CREATE("CreateOptions"),
        UPDATE("UpdateOptions"),
        /** A JSON, merge or strategic merge patch. */
        PATCH("PatchOptions"),
        /** A server-side apply patch. */
        APPLY_PATCH("PatchOptions");

        private final String kind;

        Operation(String kind) {
            this.kind = kind;
        }

        public String kind() {
            return kind;
        }
    }

    static final int FIELD_MANAGER_MAX_LENGTH = 128;

    /**
     * Decodes and validates the options of one write.
     *
     * @throws ApiException 422 {@code <Kind>.meta.k8s.io "" is invalid: ...} for invalid values
     */
    public static WriteOptions parse(Map<String, List<String>> query, Operation operation) {
        List<String> dryRun = QueryParams.all(query, "dryRun");
        String fieldManager = GoStrings.orEmpty(QueryParams.first(query, "fieldManager"));
        String fieldValidation = GoStrings.orEmpty(QueryParams.first(query, "fieldValidation"));
        Boolean force = (operation == Operation.CREATE || operation == Operation.UPDATE)
                ? null
                : QueryParams.optionalBool(query, "force");

        List<FieldError> errs = new ArrayList<>();
        if (operation == Operation.APPLY_PATCH && fieldManager.isEmpty()) {
            errs.add(FieldError.required("fieldManager", "is required for apply patch"));
        }
        if (operation == Operation.PATCH && force != null) {
            errs.add(FieldError.forbidden("force", "may not be specified for non-apply patch"));
        }
        errs.addAll(validateFieldManager(fieldManager, "fieldManager"));
        errs.addAll(validateDryRun(dryRun));
        if (!List.of("", "Ignore", "Warn", "Strict").contains(fieldValidation)) {
            errs.add(FieldError.notSupported(
                    "fieldValidation", fieldValidation, List.of("", "Ignore", "Strict", "Warn")));
        }
        if (!errs.isEmpty()) {
            throw ApiException.invalid(new GroupVersionKind("meta.k8s.io", "v1", operation.kind()), "", errs);
        }
        return new WriteOptions(!dryRun.isEmpty(), fieldManager, FieldValidation.of(fieldValidation), force);
    }

    /** Whether {@code force=true} was given (apply patches only). */
    public boolean forced() {
        return Boolean.TRUE.equals(force);
    }

    /** {@code ValidateFieldManager}: at most 128 bytes, printable characters only. */
    static List<FieldError> validateFieldManager(String fieldManager, String path) {
        List<FieldError> errs = new ArrayList<>();
        if (fieldManager.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > FIELD_MANAGER_MAX_LENGTH) {
            errs.add(FieldError.tooLong(path, null, FIELD_MANAGER_MAX_LENGTH));
        }
        int bytePos = 0;
        for (int i = 0; i < fieldManager.length(); ) {
            int cp = fieldManager.codePointAt(i);
            if (!GoQuote.isPrint(cp)) {
                errs.add(FieldError.invalid(
                        path,
                        new GoValue(GoQuote.quote(fieldManager)),
                        "invalid character " + unicodeNotation(cp) + " (at position " + bytePos + ")"));
            }
            bytePos += new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            i += Character.charCount(cp);
        }
        return errs;
    }

    /** {@code ValidateDryRun}: every value must be {@code All}; the bad value prints as a Go string slice. */
    static List<FieldError> validateDryRun(List<String> dryRun) {
        for (String v : dryRun) {
            if (!v.equals("All")) {
                StringBuilder shown = new StringBuilder("[]string{");
                for (int i = 0; i < dryRun.size(); i++) {
                    shown.append(i == 0 ? "" : ", ").append(GoQuote.quote(dryRun.get(i)));
                }
                return List.of(FieldError.notSupported(
                        "dryRun", new GoValue(shown.append('}').toString()), List.of("All")));
            }
        }
        return List.of();
    }

    /** Go's {@code %#U}: {@code U+0007}, plus {@code 'c'} when printable. */
    private static String unicodeNotation(int cp) {
        String hex = Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT);
        String u = "U+" + "0".repeat(Math.max(0, 4 - hex.length())) + hex;
        return GoQuote.isPrint(cp) ? u + " '" + new String(Character.toChars(cp)) + "'" : u;
    }
}
