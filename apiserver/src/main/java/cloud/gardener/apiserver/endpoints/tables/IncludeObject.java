package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import java.util.List;
import java.util.Map;

/** The {@code includeObject} table option: what each row's {@code object} holds. */
public enum IncludeObject {
    /** {@code "object": null}. */
    NONE("None"),
    /** A PartialObjectMetadata (the default). */
    METADATA("Metadata"),
    /** The full object. */
    OBJECT("Object");

    private final String value;

    IncludeObject(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /** Reads {@code includeObject} from the query (first value). */
    public static IncludeObject fromQuery(Map<String, List<String>> query) {
        List<String> values = query.get("includeObject");
        return parse(values == null || values.isEmpty() ? null : values.get(0));
    }

    /**
     * {@code ValidateTableOptions}: empty or null means {@link #METADATA}.
     *
     * @throws ApiException 400 {@code Unable to convert to Table as requested: includeObject: Invalid value:
     *                      "x": must be 'Metadata', 'Object', 'None', or empty}
     */
    public static IncludeObject parse(String value) {
        if (value == null || value.isEmpty()) {
            return METADATA;
        }
        for (IncludeObject v : values()) {
            if (v.value.equals(value)) {
                return v;
            }
        }
        throw ApiException.badRequest("Unable to convert to Table as requested: includeObject: Invalid value: "
                + GoQuote.quote(value) + ": must be 'Metadata', 'Object', 'None', or empty");
    }
}
