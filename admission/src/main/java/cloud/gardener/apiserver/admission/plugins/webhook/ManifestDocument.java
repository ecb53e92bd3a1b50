package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One object of a {@code staticManifestsDir} (k8s.io/apiserver's {@code manifest.LoadFiles}): every {@code .yaml},
 * {@code .yml} and {@code .json} file in name order, YAML documents and {@code List}s unpacked.
 *
 * @param file   the file it was read from, for error messages
 * @param object the object
 */
public record ManifestDocument(Path file, JsonNode object) {

    /** The objects of all manifest files in the directory; unreadable files stop the server with the file named. */
    public static List<ManifestDocument> read(Path dir) {
        List<ManifestDocument> out = new ArrayList<>();
        for (Path file : files(dir)) {
            objects(file).forEach(object -> out.add(new ManifestDocument(file, object)));
        }
        return out;
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".yaml")
                            || p.toString().endsWith(".yml")
                            || p.toString().endsWith(".json"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read static manifests from " + dir + ": " + e.getMessage(), e);
        }
    }

    private static List<JsonNode> objects(Path file) {
        List<JsonNode> out = new ArrayList<>();
        try (MappingIterator<JsonNode> docs =
                Json.YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isNull() || doc.isMissingNode()) {
                    continue;
                }
                if (doc.path("kind").asText("").equals("List")) {
                    doc.path("items").forEach(out::add);
                } else {
                    out.add(doc);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("error loading " + file + ": " + e.getMessage(), e);
        }
        return out;
    }
}
