package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shoot creates/s through the full admission chain (the repository's {@code examples/}: Project, CloudProfile,
 * ControllerRegistrations, Seed, credentials and binding, then copies of its Shoot), against raw jetcd creates of
 * the bytes the server stored for such a Shoot.
 */
final class ShootCreateRow implements BenchRow {

    private static final String NAMESPACE = "garden-dev";
    private static final String COLLECTION = "/apis/core.gardener.cloud/v1beta1/namespaces/" + NAMESPACE + "/shoots";
    private static final String NAME_PLACEHOLDER = "bench-shoot-name";

    private final BenchContext context;
    private final AtomicInteger measurement = new AtomicInteger();
    private String template;
    private byte[] stored;

    ShootCreateRow(BenchContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "shoot-create";
    }

    @Override
    public void prepare() throws Exception {
        for (ApiTarget target : context.targets()) {
            applyFixtures(target);
        }
        ObjectNode shoot = (ObjectNode)
                documents(context.examples().resolve("50-shoot.yaml")).get(0);
        ((ObjectNode) shoot.path("metadata")).put("name", NAME_PLACEHOLDER);
        template = Json.MAPPER.writeValueAsString(shoot);
        stored = BenchContext.await(context.targets().get(0).create(COLLECTION, shoot("template")))
                .getBytes();
    }

    /** Shoot names are short (the project's name and the Shoot's make a technical ID of limited length). */
    private Buffer shoot(String name) {
        return Buffer.buffer(template.replace(NAME_PLACEHOLDER, name));
    }

    /** The examples before the Shoot, in order; namespaced ones once the Project's namespace is ready. */
    private void applyFixtures(ApiTarget target) throws Exception {
        for (String file : List.of(
                "00-project.yaml",
                "10-cloudprofile.yaml",
                "20-controllerregistrations.yaml",
                "30-seed.yaml",
                "40-credentials.yaml")) {
            for (JsonNode doc : documents(context.examples().resolve(file))) {
                BenchContext.await(
                        target.create(collectionPath(doc), Buffer.buffer(Json.MAPPER.writeValueAsBytes(doc))));
            }
            if (file.startsWith("00-")) {
                awaitProjectReady(
                        target,
                        documents(context.examples().resolve(file))
                                .get(0)
                                .path("metadata")
                                .path("name")
                                .asText());
            }
        }
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
                + "/" + doc.path("kind").asText().toLowerCase(java.util.Locale.ROOT) + "s";
    }

    private static List<JsonNode> documents(Path file) throws IOException {
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

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            subjects.add(new Subject("Shoot creates on " + target.store(), results -> {
                String prefix = "b" + Integer.toString(measurement.incrementAndGet(), 36) + "x";
                results.record(
                        "shoot.create." + target.store(),
                        load.run(
                                "Shoot creates on " + target.store(),
                                i -> target.create(COLLECTION, shoot(prefix + Integer.toString(i, 36)))));
            }));
        }
        subjects.add(new Subject("raw Shoot creates", results -> {
            String prefix = "/bench-raw/shoots/" + NAMESPACE + "/b" + measurement.incrementAndGet() + "x";
            results.record(
                    "shoot.create.raw",
                    load.run("raw Shoot creates", i -> context.raw().create(prefix + i, stored)));
        }));
        return subjects;
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "Shoot creates/s, full admission chain, " + target.store()
                            + " ÷ raw jetcd creates of the stored bytes",
                    "shoot.create." + target.store(),
                    "shoot.create.raw",
                    Figure.Unit.PER_SECOND,
                    "≥ 0.4"));
        }
        return figures;
    }
}
