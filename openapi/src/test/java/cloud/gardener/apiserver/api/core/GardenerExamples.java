package cloud.gardener.apiserver.api.core;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** Gardener's published sample manifests (the shared conformance data), read document by document. */
public final class GardenerExamples {

    public static final Path DIR =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));

    private GardenerExamples() {}

    /** The object documents of an example file (empty documents left out); skips the test if the data is absent. */
    public static List<JsonNode> documents(String file) throws IOException {
        Path path = DIR.resolve(file);
        Assumptions.assumeTrue(Files.isRegularFile(path), "no Gardener example " + path);
        List<JsonNode> docs = new ArrayList<>();
        try (MappingIterator<JsonNode> it = Json.YAML.readerFor(JsonNode.class).readValues(path.toFile())) {
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && doc.isObject() && !doc.isEmpty()) {
                    docs.add(doc);
                }
            }
        }
        return docs;
    }

    /**
     * The object documents (empty ones left out) of every YAML file under {@code dirs}, keyed
     * {@code <file relative to its directory> #<index in the file>}, files sorted; a directory that is absent gives
     * none, and so does a file that does not read as YAML (a Helm template among Gardener's examples).
     */
    public static Map<String, JsonNode> documentsUnder(List<Path> dirs) throws IOException {
        Map<String, JsonNode> docs = new LinkedHashMap<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(p -> p.toString().endsWith(".yaml"))
                        .sorted()
                        .toList();
            }
            for (Path file : files) {
                Map<String, JsonNode> fileDocs = new LinkedHashMap<>();
                int i = 0;
                try (MappingIterator<JsonNode> it =
                        Json.YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                    while (it.hasNext()) {
                        JsonNode doc = it.next();
                        if (doc != null && doc.isObject() && !doc.isEmpty()) {
                            fileDocs.put(dir.relativize(file) + " #" + i, doc);
                        }
                        i++;
                    }
                } catch (IOException | RuntimeException e) {
                    continue; // a template, not YAML
                }
                docs.putAll(fileDocs);
            }
        }
        return docs;
    }
}
