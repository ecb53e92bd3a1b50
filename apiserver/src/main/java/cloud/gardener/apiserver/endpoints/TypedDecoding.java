package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decodes a request's object through the kind's typed model: a wrong type is 400; unknown and duplicate
 * fields are 400 under {@code fieldValidation=Strict}, {@code Warning} headers under {@code Warn}, and
 * silently dropped under {@code Ignore}. The kind's defaults are applied, as Go's decoding does, and the
 * result is the object's canonical JSON.
 */
public final class TypedDecoding {

    private TypedDecoding() {
    }

    /**
     * @param duplicates paths of duplicated keys found while parsing the body (empty for patches)
     */
    public static ObjectNode apply(ResourceRequest req, ObjectNode obj, List<String> duplicates,
                                   FieldValidation validation) {
        GroupVersionKind gvk = req.type().gvk(req.version());
        Optional<Class<?>> model = ResourceModels.of(gvk);
        List<String> problems = new ArrayList<>();
        ObjectNode result = obj;
        if (model.isPresent()) {
            Decoded<?> decoded;
            try {
                decoded = ModelCodec.decode(obj, model.get());
            } catch (DecodeException e) {
                throw cannotBeHandled(req, e.getMessage());
            }
            problems.addAll(decoded.problems());
            result = ModelCodec.encode(decoded.value());
            Optional<Defaulter> defaulter = Defaulters.of(gvk);
            if (defaulter.isPresent()) {
                // Go defaults again whenever it reads an object from storage, by then with its namespace (e.g. a
                // SecretBinding's secretRef.namespace): default with the request's namespace to store that result.
                ObjectNode meta = result.with("metadata");
                if (req.type().namespaced() && meta.path("namespace").asText().isEmpty() && !req.namespace().isEmpty()) {
                    meta.put("namespace", req.namespace());
                }
                defaulter.get().apply(result);
                result = ModelCodec.canonical(result, model.get());
            }
        }
        duplicates.forEach(d -> problems.add("duplicate field \"" + d + "\""));
        if (problems.isEmpty() || validation == FieldValidation.IGNORE) {
            return result;
        }
        if (validation == FieldValidation.STRICT) {
            throw cannotBeHandled(req, "strict decoding error: " + String.join(", ", problems));
        }
        problems.forEach(p -> Responses.warnings(req.ctx()).add(p));
        return result;
    }

    static ApiException cannotBeHandled(ResourceRequest req, String why) {
        String kind = req.type().kind();
        return ApiException.badRequest(kind + " in version \"" + req.version() + "\" cannot be handled as a " + kind
                + ": " + why);
    }
}
