package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The generic part of ObjectMeta validation every kind shares: a name that is a safe path segment and
 * the immutable system fields. Per-kind name formats belong to the kind's strategy.
 */
public final class MetadataValidation {

    private MetadataValidation() {}

    public static List<FieldError> validateCreate(ObjectNode obj, ResourceType type) {
        List<FieldError> errors = new ArrayList<>();
        String name = ObjectTrees.name(obj);
        String generateName = JsonTrees.text(obj.get("metadata"), "generateName");
        if (name.isEmpty() && generateName.isEmpty()) {
            errors.add(FieldError.required("metadata.name", "name or generateName is required"));
        }
        if (!name.isEmpty()) {
            pathSegmentProblem(name, false).ifPresent(p -> errors.add(FieldError.invalid("metadata.name", name, p)));
        }
        if (!generateName.isEmpty()) {
            pathSegmentProblem(generateName, true)
                    .ifPresent(p -> errors.add(FieldError.invalid("metadata.generateName", generateName, p)));
        }
        if (type.namespaced() && ObjectTrees.namespace(obj).isEmpty()) {
            errors.add(FieldError.required("metadata.namespace", ""));
        }
        return errors;
    }

    public static List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old, ResourceType type) {
        List<FieldError> errors = new ArrayList<>();
        ObjectNode meta = ObjectTrees.meta(obj);
        ObjectNode oldMeta = ObjectTrees.meta(old);
        immutable(meta, oldMeta, "name", false, errors);
        if (type.namespaced()) {
            immutable(meta, oldMeta, "namespace", false, errors);
        } else {
            meta.remove("namespace");
        }
        immutable(meta, oldMeta, "uid", true, errors);
        immutable(meta, oldMeta, "creationTimestamp", true, errors);
        return errors;
    }

    /** An empty value is filled from the stored object when {@code fillEmpty}; a different one is an error. */
    private static void immutable(
            ObjectNode meta, ObjectNode oldMeta, String field, boolean fillEmpty, List<FieldError> errors) {
        String value = JsonTrees.text(meta, field);
        String oldValue = JsonTrees.text(oldMeta, field);
        if (value.isEmpty() && fillEmpty) {
            JsonNode v = oldMeta.get(field);
            if (v != null) {
                meta.set(field, v);
            }
            return;
        }
        if (!value.equals(oldValue)) {
            errors.add(FieldError.invalid("metadata." + field, value, "field is immutable"));
        }
    }

    /**
     * Whether an object could carry this name: not empty and a valid path segment. A reference to any other name
     * finds nothing, as a lister's Get finds nothing, without asking storage or a remote server.
     */
    public static boolean isPossibleName(String name) {
        return !name.isEmpty() && pathSegmentProblem(name, false).isEmpty();
    }

    /** {@code path.IsValidPathSegmentName} (or its prefix form): what would break the object's URL and key. */
    static java.util.Optional<String> pathSegmentProblem(String name, boolean prefix) {
        if (!prefix && (name.equals(".") || name.equals(".."))) {
            return java.util.Optional.of("may not be '" + name + "'");
        }
        if (name.contains("/")) {
            return java.util.Optional.of("may not contain '/'");
        }
        if (name.contains("%")) {
            return java.util.Optional.of("may not contain '%'");
        }
        return java.util.Optional.empty();
    }
}
