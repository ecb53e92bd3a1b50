package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Objects to encode for storage: every document of the repository's {@code examples/} and of Gardener's examples in
 * shared/conformance (where present), each as read and with {@code kind} and {@code apiVersion} first (as a decoded
 * body has them), and each of those with a resourceVersion at every place in its metadata, with a selfLink beside
 * it, and with managedFields; and a few made-up objects with what JSON encodes with care (escapes, numbers, nulls,
 * empty containers, no or odd metadata).
 */
public final class StoredFormSamples {

    private StoredFormSamples() {}

    public static List<ObjectNode> all() throws IOException {
        List<ObjectNode> bases = new ArrayList<>();
        Path repoExamples = Path.of("..", "examples");
        assertThat(repoExamples).isDirectory();
        documents(repoExamples, bases);
        Path gardenerExamples = cloud.gardener.apiserver.e2e.Examples.DIR;
        if (Files.isDirectory(gardenerExamples)) {
            documents(gardenerExamples, bases);
        }
        for (String made : List.of(
                "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"a\\u2028\\u00e9\\\"\","
                        + "\"annotations\":{\"x\":null,\"y\":\"</script>\\u0000\"},\"labels\":{}},"
                        + "\"data\":{\"e\":[],\"n\":1.50,\"big\":123456789012345678901234567890,\"neg\":-0.0,"
                        + "\"i\":-9223372036854775808,\"t\":true}}",
                "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{}}",
                "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\"}",
                "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":\"not an object\"}",
                "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":null,\"spec\":{\"metadata\":"
                        + "{\"resourceVersion\":\"1\"}}}",
                "{\"apiVersion\":\"v1\",\"kind\":7,\"metadata\":{\"name\":\"a\"}}",
                "{}")) {
            bases.add((ObjectNode) Json.readTree(made.getBytes(StandardCharsets.UTF_8)));
        }
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode base : bases) {
            out.add(base);
            ObjectNode ordered = kindFirst(base);
            out.addAll(withServerFields(ordered));
        }
        return out;
    }

    private static void documents(Path dir, List<ObjectNode> into) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            try (MappingIterator<JsonNode> docs =
                    Json.YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
                for (JsonNode doc : docs.readAll()) {
                    if (doc instanceof ObjectNode on && !on.isEmpty()) {
                        // as a body is read: JSON's own number and string nodes
                        into.add((ObjectNode) Json.readTree(Json.toBytes(on)));
                    }
                }
            } catch (JsonProcessingException | RuntimeException e) {
                // a file that is no YAML as it is (a template): no samples
            }
        }
    }

    /** {@code obj} with kind and apiVersion as its first fields, where it has them. */
    private static ObjectNode kindFirst(ObjectNode obj) {
        ObjectNode out = obj.objectNode();
        for (String first : List.of("kind", "apiVersion")) {
            if (obj.has(first)) {
                out.set(first, obj.get(first).deepCopy());
            }
        }
        obj.properties().forEach(e -> {
            if (!out.has(e.getKey())) {
                out.set(e.getKey(), e.getValue().deepCopy());
            }
        });
        return out;
    }

    /** The object, and copies with a resourceVersion at each place of its metadata, a selfLink, managedFields. */
    private static List<ObjectNode> withServerFields(ObjectNode obj) {
        List<ObjectNode> out = new ArrayList<>();
        out.add(obj);
        if (!(obj.get("metadata") instanceof ObjectNode meta)) {
            return out;
        }
        List<String> names = new ArrayList<>();
        meta.fieldNames().forEachRemaining(names::add);
        for (int at = 0; at <= names.size(); at++) {
            out.add(withMetadata(obj, names, at, "resourceVersion", "12"));
            ObjectNode both = withMetadata(obj, names, at, "resourceVersion", "12");
            ((ObjectNode) both.get("metadata")).put("selfLink", "/api/v1/x");
            out.add(both);
            out.add(withMetadata(obj, names, at, "selfLink", "/api/v1/x"));
        }
        ObjectNode managed = withMetadata(obj, names, 0, "selfLink", "/x");
        ObjectNode meta2 = (ObjectNode) managed.get("metadata");
        meta2.putArray("managedFields")
                .addObject()
                .put("manager", "kubectl")
                .put("operation", "Update")
                .putObject("fieldsV1")
                .putObject("f:metadata")
                .putObject("f:resourceVersion");
        meta2.put("resourceVersion", "");
        out.add(managed);
        return out;
    }

    private static ObjectNode withMetadata(ObjectNode obj, List<String> names, int at, String field, String value) {
        ObjectNode copy = obj.deepCopy();
        ObjectNode meta = (ObjectNode) obj.get("metadata");
        ObjectNode rebuilt = copy.objectNode();
        for (int i = 0; i <= names.size(); i++) {
            if (i == at) {
                rebuilt.put(field, value);
            }
            if (i < names.size()) {
                rebuilt.set(names.get(i), meta.get(names.get(i)).deepCopy());
            }
        }
        copy.set("metadata", rebuilt);
        return copy;
    }
}
