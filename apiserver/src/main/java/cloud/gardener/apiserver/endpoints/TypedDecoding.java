package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.conversion.InputConversion;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Decodes a request's object through the kind's typed model: a wrong type is 400; unknown and duplicate
 * fields are 400 under {@code fieldValidation=Strict}, {@code Warning} headers under {@code Warn}, and
 * silently dropped under {@code Ignore}. The kind's defaults are applied, as Go's decoding does, then what Go's
 * conversion to the internal version changes ({@link InputConversions}: e.g. {@code stringData} merged into
 * {@code data}), so admission, validation and storage see the object Go's would; the result is the object's
 * canonical JSON.
 */
public final class TypedDecoding {

    private TypedDecoding() {}

    /**
     * Decodes, checks and defaults the request's object through the kind's typed model.
     *
     * @param body the parsed body, for what the strict decoders found while reading it
     */
    public static ObjectNode apply(
            ResourceRequest req, ObjectNode obj, RequestBodies.ParsedBody body, FieldValidation validation) {
        return apply(req, obj, body, validation, RequestBodies.forms(req));
    }

    /**
     * {@link #apply(ResourceRequest, ObjectNode, RequestBodies.ParsedBody, FieldValidation)}, remembering the records
     * it made in {@code forms} (the write's {@link WriteContext#forms()}), so that the store need not decode again.
     */
    public static ObjectNode apply(
            ResourceRequest req,
            ObjectNode obj,
            RequestBodies.ParsedBody body,
            FieldValidation validation,
            ModelForms forms) {
        try {
            return decode(req, obj, body, validation, forms);
        } catch (Failure f) {
            throw cannotBeHandled(req, f.getMessage());
        }
    }

    /**
     * Decodes a patched object as Go's patchers do: a wrong type, and unknown fields under {@code Strict}, are 422
     * Invalid on the field {@code patch} with {@code shown} as its value (the patched JSON for JSON and merge
     * patches, the patch map for strategic merge).
     */
    public static ObjectNode applyPatched(
            ResourceRequest req, ObjectNode obj, FieldValidation validation, Supplier<String> shown) {
        try {
            return decode(
                    req,
                    obj,
                    new RequestBodies.ParsedBody(obj, List.of(), List.of()),
                    validation,
                    RequestBodies.forms(req));
        } catch (Failure f) {
            throw ApiException.invalid(
                    new GroupVersionKind("", "", ""),
                    "",
                    List.of(FieldError.invalid("patch", shown.get(), f.getMessage())));
        }
    }

    @SuppressWarnings("ReferenceEquality") // result != obj asks whether decoding built a new tree
    private static ObjectNode decode(
            ResourceRequest req,
            ObjectNode obj,
            RequestBodies.ParsedBody body,
            FieldValidation validation,
            ModelForms forms) {
        GroupVersionKind gvk = req.type().gvk(req.version());
        Optional<Class<?>> model = ResourceModels.of(gvk);
        List<String> problems = new ArrayList<>();
        ObjectNode result = obj;
        if (model.isPresent()) {
            Decoded<?> decoded;
            try {
                decoded = ModelCodec.decode(obj, model.get());
            } catch (DecodeException e) {
                throw new Failure(e.getMessage());
            }
            problems.addAll(decoded.problems());
            result = ModelCodec.encode(decoded.value());
            Object record = decoded.value();
            forms.remember(result, record);
            Optional<Defaulter> defaulter = Defaulters.of(gvk);
            if (defaulter.isPresent()) {
                // Go defaults again whenever it reads an object from storage, by then with its namespace (e.g. a
                // SecretBinding's secretRef.namespace): default with the request's namespace to store that result.
                ObjectNode meta = result.withObjectProperty("metadata");
                if (req.type().namespaced()
                        && meta.path("namespace").asText().isEmpty()
                        && !req.namespace().isEmpty()) {
                    meta.put("namespace", req.namespace());
                }
                defaulter.get().apply(result);
                record = forms.canonicalizeEdited(result, model.get());
            }
            Optional<InputConversion> conversion = InputConversions.of(gvk);
            if (conversion.isPresent()) {
                // after defaulting, as Go converts the defaulted versioned object to the internal one
                conversion.get().apply(result);
                record = forms.canonicalizeEdited(result, model.get());
            }
            // the handler may name where it writes the object next, so that the store decodes those places alone
            forms.decodedAs(result, record);
        }
        if (result != obj
                && obj.path("metadata").path("managedFields").isArray()
                && obj.path("metadata").path("managedFields").isEmpty()
                && result.get("metadata") instanceof ObjectNode m) {
            // Go decodes [] as an empty, non-nil list, which asks the field manager to reset managedFields
            m.putArray("managedFields");
        }
        List<String> strict = body.strictProblems(problems);
        if (strict.isEmpty() || validation == FieldValidation.IGNORE) {
            return result;
        }
        if (validation == FieldValidation.STRICT) {
            throw new Failure("strict decoding error: " + String.join(", ", strict));
        }
        RequestBodies.ParsedBody.warnings(strict)
                .forEach(p -> Responses.warnings(req.ctx()).add(p));
        return result;
    }

    /** Why a body could not be decoded, before it is framed for the request kind. */
    private static final class Failure extends RuntimeException {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    static ApiException cannotBeHandled(ResourceRequest req, String why) {
        return RequestBodies.cannotBeHandled(req.type().gvk(req.version()), why);
    }
}
