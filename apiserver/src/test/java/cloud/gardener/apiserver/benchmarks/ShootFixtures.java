package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a Shoot needs before it can be created, from the repository's {@code examples/}: Project, CloudProfile,
 * ControllerRegistrations, Seed, credentials and binding. Every row with Shoots applies them; what exists already
 * (another row applied it) is kept.
 */
final class ShootFixtures {

    static final String NAMESPACE = "garden-dev";
    static final String COLLECTION = "/apis/core.gardener.cloud/v1beta1/namespaces/" + NAMESPACE + "/shoots";

    /** The examples a Shoot needs before it, in the order they are created. */
    static final List<String> FILES = List.of(
            "00-project.yaml",
            "10-cloudprofile.yaml",
            "20-controllerregistrations.yaml",
            "30-seed.yaml",
            "40-credentials.yaml");

    private ShootFixtures() {}

    /** The examples before the Shoot, in order; namespaced ones once the Project's namespace is ready. */
    static void apply(BenchContext context, ApiTarget target) throws Exception {
        for (String file : FILES) {
            List<JsonNode> docs = documents(context.examples().resolve(file));
            for (JsonNode doc : docs) {
                BenchContext.await(createIfAbsent(target, collectionPath(doc), doc));
            }
            if (file.startsWith("00-")) {
                awaitProjectReady(
                        target, docs.get(0).path("metadata").path("name").asText());
            }
        }
    }

    /** The example Shoot. */
    static ObjectNode shoot(BenchContext context) throws IOException {
        return (ObjectNode)
                documents(context.examples().resolve("50-shoot.yaml")).get(0);
    }

    private static Future<Buffer> createIfAbsent(ApiTarget target, String collection, JsonNode doc) throws IOException {
        return target.create(collection, Buffer.buffer(Json.MAPPER.writeValueAsBytes(doc)))
                .recover(t -> String.valueOf(t.getMessage()).contains(": 409 ")
                        ? Future.succeededFuture(Buffer.buffer())
                        : Future.failedFuture(t));
    }

    private static void awaitProjectReady(ApiTarget target, String project) throws Exception {
        String path = "/apis/core.gardener.cloud/v1beta1/projects/" + project;
        for (int attempt = 0; attempt < 600; attempt++) {
            JsonNode p = Json.MAPPER.readTree(BenchContext.await(target.http1().send(HttpMethod.GET, path, null, 200))
                    .getBytes());
            if ("Ready".equals(p.path("status").path("phase").asText())) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("project " + project + " on " + target.store() + " did not become Ready");
    }

    /** {@code /apis/GROUP/VERSION[/namespaces/NS]/KINDs}: the examples' kinds pluralize by an added s. */
    private static String collectionPath(JsonNode doc) {
        String apiVersion = doc.path("apiVersion").asText();
        String namespace = doc.path("metadata").path("namespace").asText("");
        return (apiVersion.contains("/") ? "/apis/" : "/api/") + apiVersion
                + (namespace.isEmpty() ? "" : "/namespaces/" + namespace)
                + "/" + doc.path("kind").asText().toLowerCase(Locale.ROOT) + "s";
    }

    /** The non-empty YAML documents of {@code file}. */
    static List<JsonNode> documents(Path file) throws IOException {
        try (MappingIterator<JsonNode> docs =
                Json.YAML.readerFor(JsonNode.class).readValues(Files.readString(file))) {
            List<JsonNode> result = new ArrayList<>();
            for (JsonNode doc : docs.readAll()) {
                if (doc != null && !doc.isEmpty()) {
                    result.add(doc);
                }
            }
            return result;
        }
    }
}
