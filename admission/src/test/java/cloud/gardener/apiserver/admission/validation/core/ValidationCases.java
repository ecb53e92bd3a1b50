package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.Validators;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Test support: the shared Gardener examples as JSON, JSON edits by dotted path, and the check that a
 * validation result holds an error of an exact path and type. Validation goes through {@link Validators}, so
 * each test also proves the kind is registered.
 */
public final class ValidationCases {

    public static final Path EXAMPLES =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));

    private ValidationCases() {}

    /** One invalid variant: an edit of a valid object and the error it must cause. */
    public record Case(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static Case invalid(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        return new Case(name, edit, field, type);
    }

    /** One parameterized case: the object to edit and the edit with its expected error. */
    public static Arguments arg(ObjectNode base, Case c) {
        return Arguments.of(base, c);
    }

    /** The first document of an example file. */
    public static ObjectNode example(String file) {
        try {
            return (ObjectNode) Json.YAML.readTree(Files.readString(EXAMPLES.resolve(file)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The document of {@code kind} in a multi-document example file. */
    public static ObjectNode example(String file, String kind) {
        try (var docs = Json.YAML
                .readerFor(ObjectNode.class)
                .<ObjectNode>readValues(Files.readString(EXAMPLES.resolve(file)))) {
            while (docs.hasNext()) {
                ObjectNode doc = docs.next();
                if (doc != null && kind.equals(doc.path("kind").asText())) {
                    return doc;
                }
            }
            throw new IllegalStateException("no " + kind + " in " + file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode json(String json) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Any JSON value, written with single quotes for readability. */
    public static JsonNode tree(String json) {
        try {
            return Json.MAPPER.readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static GroupVersionKind gvk(ObjectNode obj) {
        String apiVersion = obj.path("apiVersion").asText();
        int slash = apiVersion.indexOf('/');
        return new GroupVersionKind(
                slash < 0 ? "" : apiVersion.substring(0, slash),
                apiVersion.substring(slash + 1),
                obj.path("kind").asText());
    }

    public static List<FieldError> validate(ObjectNode obj) {
        assertThat(Validators.has(gvk(obj)))
                .as("validator registered for %s", gvk(obj))
                .isTrue();
        return Validators.validate(gvk(obj), obj);
    }

    public static List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
        return Validators.validateUpdate(gvk(obj), obj, old);
    }

    /** A copy of {@code base} with the edit applied. */
    public static ObjectNode edited(ObjectNode base, Consumer<ObjectNode> edit) {
        ObjectNode copy = base.deepCopy();
        edit.accept(copy);
        return copy;
    }

    /** An object ready for an update: with a resourceVersion, as the registry has it. */
    public static ObjectNode stored(ObjectNode obj) {
        ObjectNode copy = obj.deepCopy();
        ((ObjectNode) copy.get("metadata")).put("resourceVersion", "1");
        return copy;
    }

    /** Sets the value at a dotted path ({@code spec.members[0].name}), creating objects on the way. */
    public static Consumer<ObjectNode> set(String path, Object value) {
        return obj -> {
            String[] parts = path.split("\\.", -1);
            JsonNode node = obj;
            for (int i = 0; i < parts.length - 1; i++) {
                node = step(node, parts[i], true);
            }
            String last = parts[parts.length - 1];
            JsonNode v = value instanceof String s && (s.startsWith("{") || s.startsWith("["))
                    ? tree(s)
                    : Json.MAPPER.valueToTree(value);
            if (last.endsWith("]")) {
                String name = last.substring(0, last.indexOf('['));
                int idx = Integer.parseInt(last.substring(last.indexOf('[') + 1, last.length() - 1));
                ((ArrayNode) node.get(name)).set(idx, v);
            } else {
                ((ObjectNode) node).set(last, v);
            }
        };
    }

    /** Removes the field at a dotted path. */
    public static Consumer<ObjectNode> remove(String path) {
        return obj -> {
            String[] parts = path.split("\\.", -1);
            JsonNode node = obj;
            for (int i = 0; i < parts.length - 1; i++) {
                node = step(node, parts[i], false);
            }
            ((ObjectNode) node).remove(parts[parts.length - 1]);
        };
    }

    private static JsonNode step(JsonNode node, String part, boolean create) {
        if (part.endsWith("]")) {
            String name = part.substring(0, part.indexOf('['));
            int idx = Integer.parseInt(part.substring(part.indexOf('[') + 1, part.length() - 1));
            return node.get(name).get(idx);
        }
        JsonNode next = node.get(part);
        if ((next == null || next.isNull()) && create) {
            next = ((ObjectNode) node).putObject(part);
        }
        return next;
    }

    public static void assertValid(List<FieldError> errors) {
        assertThat(errors).as(render(errors)).isEmpty();
    }

    public static void assertHasError(List<FieldError> errors, String field, FieldErrorType type) {
        assertThat(errors)
                .as("expected %s %s in %s", type, field, render(errors))
                .anyMatch(e -> e.field().equals(field) && e.type() == type);
    }

    public static String render(List<FieldError> errors) {
        return errors.stream().map(FieldError::toString).collect(Collectors.joining("\n"));
    }
}
