package cloud.gardener.apiserver.admission.validation.seedmanagement;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.Validators;
import cloud.gardener.apiserver.admission.validation.core.ValidationCases;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Test support for the seedmanagement, operations and security validators: the shared Gardener examples with
 * the kind's defaults applied (as the server does before validating), JSON edits by dotted path, and
 * validation through {@link Validators}, which also proves each kind is registered.
 */
public final class ValidationFixtures {

    public static final Path EXAMPLES =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));
    /** A complete internal DNS provider, which Gardener requires of every seed template. */
    public static final String INTERNAL_DNS =
            "{'type':'local','domain':'internal.local.gardener.cloud','credentialsRef':"
                    + "{'apiVersion':'v1','kind':'Secret','name':'internal-domain','namespace':'garden'}}";

    private ValidationFixtures() {}

    /** The first document of an example, with its placeholders filled and the kind's defaults applied. */
    public static ObjectNode example(String file) {
        try {
            String text = Files.readString(EXAMPLES.resolve(file))
                    .replace("<seed-name>", "my-seed")
                    .replaceAll("(?m)^[ \\t]*<See [^>]*>[ \\t]*\\n", "");
            return defaulted((ObjectNode) Json.YAML.readTree(text));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode defaulted(ObjectNode obj) {
        Defaulters.of(gvk(obj)).ifPresent(d -> d.apply(obj));
        return obj;
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

    /** A copy of {@code base} with the edits applied. */
    @SafeVarargs
    public static ObjectNode edited(ObjectNode base, Consumer<ObjectNode>... edits) {
        ObjectNode copy = base.deepCopy();
        for (Consumer<ObjectNode> edit : edits) {
            edit.accept(copy);
        }
        return copy;
    }

    /** The object as stored: with a resourceVersion, as an update carries it. */
    public static ObjectNode stored(ObjectNode obj) {
        ObjectNode copy = obj.deepCopy();
        copy.withObjectProperty("metadata").put("resourceVersion", "1");
        return copy;
    }

    /** Any JSON value, written with single quotes for readability. */
    public static JsonNode tree(String json) {
        try {
            return Json.MAPPER.readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sets the value at a dotted path ({@code spec.ingress[0].ipBlock.cidr}), creating objects on the way. */
    public static Consumer<ObjectNode> set(String path, Object value) {
        return ValidationCases.set(path, value);
    }

    /** Removes the field at a dotted path. */
    public static Consumer<ObjectNode> remove(String path) {
        return obj -> {
            String[] parts = path.split("\\.", -1);
            JsonNode node = obj;
            for (int i = 0; i < parts.length - 1; i++) {
                node = step(node, parts[i]);
            }
            ((ObjectNode) node).remove(parts[parts.length - 1]);
        };
    }

    private static JsonNode step(JsonNode node, String part) {
        if (part.endsWith("]")) {
            String name = part.substring(0, part.indexOf('['));
            int idx = Integer.parseInt(part.substring(part.indexOf('[') + 1, part.length() - 1));
            return node.get(name).get(idx);
        }
        JsonNode next = node.get(part);
        if (next == null || next.isNull()) {
            next = ((ObjectNode) node).putObject(part);
        }
        return next;
    }

    public static void assertValid(List<FieldError> errors) {
        assertThat(errors).as(render(errors)).isEmpty();
    }

    /** Exactly one error, of this path and type; returns it for message checks. */
    public static FieldError assertOnly(List<FieldError> errors, String field, FieldErrorType type) {
        assertThat(errors).as(render(errors)).hasSize(1);
        assertThat(errors.get(0).field()).as(render(errors)).isEqualTo(field);
        assertThat(errors.get(0).type()).as(render(errors)).isEqualTo(type);
        return errors.get(0);
    }

    public static void assertHas(List<FieldError> errors, String field, FieldErrorType type) {
        assertThat(errors)
                .as("expected %s %s in:\n%s", type, field, render(errors))
                .anyMatch(e -> field.equals(e.field()) && e.type() == type);
    }

    public static String render(List<FieldError> errors) {
        return errors.stream().map(FieldError::toString).collect(Collectors.joining("\n"));
    }
}
