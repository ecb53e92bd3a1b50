package cloud.gardener.apiserver.e2e;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Gardener's example manifests in shared/conformance (the parent pom points {@code gardener.examples} there). */
public final class Examples {

    public static final Path DIR =
            Path.of(System.getProperty("gardener.examples", "../../shared/conformance/gardener-examples"));

    private Examples() {}

    /** The first document of an example file, e.g. {@code 100-bastion.yaml}. */
    public static JsonNode read(String file) {
        try {
            return Json.YAML.readTree(Files.readString(DIR.resolve(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document of {@code kind} in a multi-document example file, e.g. the Garden of {@code operator/20-garden.yaml}. */
    public static JsonNode read(String file, String kind) {
        try (MappingIterator<JsonNode> docs =
                Json.YAML.readerFor(JsonNode.class).readValues(Files.readString(DIR.resolve(file)))) {
            for (JsonNode doc : docs.readAll()) {
                if (doc != null && kind.equals(doc.path("kind").asText())) {
                    return doc;
                }
            }
            throw new IllegalArgumentException("no " + kind + " in " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
