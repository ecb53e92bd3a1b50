package cloud.gardener.apiserver.api.core;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
}
