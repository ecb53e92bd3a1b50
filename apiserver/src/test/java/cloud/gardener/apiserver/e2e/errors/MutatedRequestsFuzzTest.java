package cloud.gardener.apiserver.e2e.errors;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A seeded, bounded fuzzer: Gardener's example manifests mutated (bytes and structure, every body media type,
 * create, update and every patch type) and valid URLs mutated (escapes, separators, selectors, options), plus the
 * corpus of past crashers in {@code fuzz/crashers.txt}. No answer may be a 5xx other than upstream's own (a 500
 * without a reason: Go's answer for errors that are not API statuses, such as strategic merge and server-side
 * apply type errors), show a Java class name, or hang; the server is healthy afterwards.
 * {@code -Dfuzz.seed=N} replays another seed.
 */
@Tag("integration")
class MutatedRequestsFuzzTest {

    private static final long SEED = Long.getLong("fuzz.seed", 20261127L);
    private static final int BODIES = Integer.getInteger("fuzz.bodies", 500);
    private static final int URLS = Integer.getInteger("fuzz.urls", 300);
    private static final String BYTE_MUTATIONS = "{}[]\",:\\0aZ-9.e$%\u0000\u00ff";
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(10);
    private static final List<String> MEDIA_TYPES = List.of(
            "application/json",
            "application/yaml",
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
            "application/json-patch+json",
            "application/apply-patch+yaml",
            "application/x-www-form-urlencoded",
            "application/vnd.kubernetes.protobuf",
            "text/plain",
            "multipart/form-data; boundary=x");

    /** The 500s with a reason that gardener-apiserver answers itself (fuzz/upstream-500s.txt). */
    private static final List<java.util.regex.Pattern> UPSTREAM_500S = resource("/fuzz/upstream-500s.txt").stream()
            .map(l -> java.util.regex.Pattern.compile(l.split("\t", -1)[0]))
            .toList();

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static String ns;
    private static String shoot;
    private static final List<Seed> SEEDS = new ArrayList<>();

    /** One example object and the collection it is created in. */
    private record Seed(String collection, ObjectNode object) {}

    @BeforeAll
    static void setUp() throws IOException {
        TestClient admin = SERVER.admin();
        ns = Fixtures.createProjectNamespace(admin, "fuzz");
        shoot = "fuzzed";
        Fixtures.create(admin, Fixtures.shoots(ns), Fixtures.shootObject(shoot));
        ResourceRegistry resources = ResourceRegistry.standard(true);
        try (Stream<Path> files = Files.walk(Examples.DIR)) {
            for (Path file :
                    files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                for (JsonNode doc : documents(file)) {
                    if (doc instanceof ObjectNode obj && obj.hasNonNull("apiVersion") && obj.hasNonNull("kind")) {
                        String[] gv = obj.get("apiVersion").asText().split("/", -1);
                        String group = gv.length == 2 ? gv[0] : "";
                        String version = gv[gv.length - 1];
                        resources.resources(group, version).stream()
                                .filter(t -> t.kind().equals(obj.get("kind").asText()))
                                .findFirst()
                                .ifPresent(t -> SEEDS.add(new Seed(collection(t, version), obj)));
                    }
                }
            }
        }
        assertThat(SEEDS).hasSizeGreaterThan(10);
    }

    /** The documents of an example; templates with placeholders that are not YAML give none. */
    private static List<JsonNode> documents(Path file) throws IOException {
        try {
            return Json.YAML
                    .readerFor(JsonNode.class)
                    .<JsonNode>readValues(Files.readString(file))
                    .readAll();
        } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
            return List.of();
        }
    }

    private static String collection(ResourceType type, String version) {
        String base = type.group().isEmpty() ? "/api/" + version : "/apis/" + type.group() + "/" + version;
        return base + (type.namespaced() ? "/namespaces/" + ns : "") + "/" + type.plural();
    }

    @Test
    void pastCrashersAreAnsweredAsUpstream() throws Exception {
        try (RawClient client = new RawClient()) {
            for (String line : corpus()) {
                String[] f = line.split("\t", -1);
                String target = f[1].replace("{ns}", ns).replace("{shoot}", shoot);
                String body = "-".equals(f[3]) ? null : f[3].replace("{shoot}", shoot);
                client.check(f[0], target, "-".equals(f[2]) ? null : f[2], body);
            }
        }
        assertHealthy();
    }

    @Test
    void mutatedBodiesGetNoServerErrorOfTheirOwn() throws Exception {
        Random random = new Random(SEED);
        try (RawClient client = new RawClient()) {
            for (int i = 0; i < BODIES; i++) {
                Seed seed = SEEDS.get(random.nextInt(SEEDS.size()));
                ObjectNode object = seed.object().deepCopy();
                ObjectNode metadata = object.get("metadata") instanceof ObjectNode m ? m : object.putObject("metadata");
                metadata.put("name", "fz-" + i);
                if (metadata.has("namespace")) {
                    metadata.put("namespace", ns);
                }
                String mediaType = random.nextInt(3) == 0
                        ? MEDIA_TYPES.get(random.nextInt(MEDIA_TYPES.size()))
                        : "application/json";
                String body = mutateBody(random, object);
                switch (random.nextInt(4)) {
                    case 0, 1 -> client.check("POST", seed.collection(), mediaType, body);
                    case 2 ->
                        client.check(
                                "PUT", seed.collection() + "/fz-" + random.nextInt(Math.max(1, i)), mediaType, body);
                    default ->
                        client.check(
                                "PATCH",
                                Fixtures.shoot(ns, shoot) + (random.nextBoolean() ? "?fieldManager=fuzz" : ""),
                                MEDIA_TYPES.get(random.nextInt(6)),
                                body);
                }
            }
        }
        assertHealthy();
    }

    @Test
    void mutatedUrlsGetNoServerErrorOfTheirOwn() throws Exception {
        Random random = new Random(SEED + 1);
        List<String> valid = List.of(
                "/api/v1/namespaces/" + ns + "/secrets",
                "/api/v1/namespaces/" + ns,
                Fixtures.shoots(ns),
                Fixtures.shoot(ns, shoot),
                Fixtures.shoot(ns, shoot) + "/status",
                "/apis/core.gardener.cloud/v1beta1/cloudprofiles",
                "/apis",
                "/api",
                "/openapi/v2",
                "/version",
                "/readyz",
                "/apis/core.gardener.cloud/v1beta1",
                "/apis/security.gardener.cloud/v1alpha1");
        List<String> junk = List.of(
                "%",
                "%%",
                "%zz",
                "%2f",
                "%00",
                "..",
                "/..",
                "//",
                ";",
                "?",
                "&",
                "=",
                "#",
                "\u00e9",
                "%c3%28",
                "*",
                "~",
                "+",
                " ".replace(" ", "%20"),
                "x".repeat(300),
                "/namespaces",
                "?labelSelector=a%20in%20(",
                "?fieldSelector=metadata.name%3D%3D",
                "?resourceVersion=abc",
                "?resourceVersionMatch=Exact",
                "?limit=-1",
                "?limit=abc",
                "?continue=%zz",
                "?timeout=1x",
                "?timeoutSeconds=-5",
                "?dryRun=Maybe",
                "?fieldValidation=Loud",
                "?propagationPolicy=Sideways",
                "?gracePeriodSeconds=x",
                "?pretty=maybe",
                "?labelSelector=!",
                "?fieldManager=" + "m".repeat(200));
        List<String> methods = List.of(
                "GET",
                "GET",
                "GET",
                "DELETE",
                "HEAD",
                "OPTIONS",
                "POST",
                "PUT",
                "PATCH",
                "TRACE",
                "CONNECT",
                "PROPFIND");
        try (RawClient client = new RawClient()) {
            for (int i = 0; i < URLS; i++) {
                StringBuilder target = new StringBuilder(valid.get(random.nextInt(valid.size())));
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    target.insert(random.nextInt(target.length() + 1), junk.get(random.nextInt(junk.size())));
                }
                String t = target.toString();
                if (!t.startsWith("/")) {
                    t = "/" + t;
                }
                if (t.toLowerCase(Locale.ROOT).contains("watch")) {
                    continue; // streams do not end: not what this test is about
                }
                String method = methods.get(random.nextInt(methods.size()));
                boolean withBody = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
                client.check(method, t, withBody ? "application/json" : null, withBody ? "{}" : null);
            }
        }
        assertHealthy();
    }

    private static String mutateBody(Random random, ObjectNode object) {
        switch (random.nextInt(6)) {
            case 0 -> {
                return mutateBytes(random, json(object));
            }
            case 1 -> {
                String json = json(object);
                return json.substring(0, random.nextInt(json.length()));
            }
            default -> {
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    replaceRandomNode(random, object);
                }
                return json(object);
            }
        }
    }

    private static String json(JsonNode node) {
        try {
            return Json.MAPPER.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String mutateBytes(Random random, String json) {
        StringBuilder s = new StringBuilder(json);
        for (int n = 1 + random.nextInt(8); n > 0 && s.length() > 0; n--) {
            int at = random.nextInt(s.length());
            switch (random.nextInt(4)) {
                case 0 -> s.setCharAt(at, BYTE_MUTATIONS.charAt(random.nextInt(BYTE_MUTATIONS.length())));
                case 1 -> s.deleteCharAt(at);
                case 2 -> s.insert(at, s.substring(at, Math.min(s.length(), at + random.nextInt(40))));
                default ->
                    s.insert(
                            at,
                            List.of(
                                            "null",
                                            "true",
                                            "{}",
                                            "[]",
                                            "1e999",
                                            "-0",
                                            "\"\\ud800\"",
                                            "{\"a\":",
                                            "]]]]",
                                            "\"$patch\":\"delete\"")
                                    .get(random.nextInt(10)));
            }
        }
        return s.toString();
    }

    /** Replaces a random value deep in the object with one of another shape. */
    private static void replaceRandomNode(Random random, ObjectNode root) {
        List<Map.Entry<JsonNode, String>> slots = new ArrayList<>();
        collect(root, slots);
        if (slots.isEmpty()) {
            return;
        }
        Map.Entry<JsonNode, String> slot = slots.get(random.nextInt(slots.size()));
        JsonNode replacement = randomValue(random);
        if (slot.getKey() instanceof ObjectNode parent) {
            parent.set(slot.getValue(), replacement);
        } else if (slot.getKey() instanceof ArrayNode parent) {
            parent.set(Integer.parseInt(slot.getValue()), replacement);
        }
    }

    private static void collect(JsonNode node, List<Map.Entry<JsonNode, String>> slots) {
        if (node instanceof ObjectNode obj) {
            obj.fieldNames().forEachRemaining(name -> {
                slots.add(Map.entry(obj, name));
                collect(obj.get(name), slots);
            });
        } else if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                slots.add(Map.entry(arr, Integer.toString(i)));
                collect(arr.get(i), slots);
            }
        }
    }

    private static JsonNode randomValue(Random random) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (random.nextInt(10)) {
            case 0 -> f.nullNode();
            case 1 -> f.numberNode(random.nextLong());
            case 2 -> f.numberNode(random.nextDouble() * 1e30);
            case 3 -> f.textNode("x".repeat(random.nextInt(100)));
            case 4 -> f.booleanNode(random.nextBoolean());
            case 5 -> f.arrayNode().add(f.objectNode().put("$patch", "delete"));
            case 6 ->
                f.objectNode()
                        .put(
                                "$patch",
                                List.of("replace", "delete", "merge", "bogus").get(random.nextInt(4)));
            case 7 -> {
                ObjectNode deep = f.objectNode();
                ObjectNode cur = deep;
                for (int i = 0; i < 50; i++) {
                    cur = cur.putObject("d");
                }
                yield deep;
            }
            case 8 -> f.textNode("\u0000\ud83d\ude00%zz${}");
            default -> f.objectNode().set("$retainKeys", f.arrayNode().add(5));
        };
    }

    private static List<String> corpus() {
        return resource("/fuzz/crashers.txt");
    }

    /** A resource's lines without blanks and comments. */
    private static List<String> resource(String name) {
        try (InputStream in = MutatedRequestsFuzzTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertHealthy() {
        long start = System.nanoTime();
        TestClient.Response ready = SERVER.anonymous().get("/readyz");
        assertThat(ready.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    }

    /** HTTP/1.1 over one kept-alive TLS connection as the admin, reopened when the server closes it. */
    private static final class RawClient implements AutoCloseable {
        private SSLSocket socket;

        void check(String method, String target, String contentType, String body) throws Exception {
            byte[] bytes = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder(method)
                    .append(' ')
                    .append(target)
                    .append(" HTTP/1.1\r\n")
                    .append("Host: 127.0.0.1\r\n");
            if (contentType != null) {
                head.append("Content-Type: ").append(contentType).append("\r\n");
            }
            if (bytes != null) {
                head.append("Content-Length: ").append(bytes.length).append("\r\n");
            }
            head.append("\r\n");
            String what = method + " " + target
                    + (body == null ? "" : " " + contentType + " " + body.substring(0, Math.min(300, body.length())));
            Answer answer;
            try {
                answer = send(head.toString(), bytes);
            } catch (IOException e) {
                // the server may close a kept-alive connection between requests: once more on a new one
                close();
                answer = send(head.toString(), bytes);
            }
            assertThat(answer.status).as("a status line for %s", what).isPositive();
            if (answer.status >= 500) {
                assertThat(answer.status)
                        .as("5xx for %s: %s", what, answer.body)
                        .isEqualTo(500);
                JsonNode status = Json.MAPPER.readTree(answer.body);
                String message = status.path("message").asText();
                if (!status.path("reason").asText().isEmpty()) {
                    assertThat(UPSTREAM_500S.stream()
                                    .anyMatch(p -> p.matcher(message).matches()))
                            .as("500 with a reason of ours for %s: %s", what, answer.body)
                            .isTrue();
                }
            }
            // no Java in answers: class and package names, and Jackson's wording of syntax errors (Go's instead)
            assertThat(answer.body)
                    .as("answer to %s", what)
                    .doesNotContain("java.")
                    .doesNotContain("Exception")
                    .doesNotContain("cloud.gardener")
                    .doesNotContain("com.fasterxml")
                    .doesNotContain("io.vertx")
                    .doesNotContain("netty")
                    .doesNotContain("end-of-input")
                    .doesNotContain("Source: ")
                    .doesNotContain("(code ");
            if ("close".equalsIgnoreCase(answer.headers.get("connection"))) {
                close();
            }
        }

        private Answer send(String head, byte[] body) throws Exception {
            if (socket == null) {
                socket = SERVER.http1Connection("admin", List.of("system:masters"));
                socket.setSoTimeout((int) ANSWER_WITHIN.toMillis());
            }
            socket.getOutputStream().write(head.getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                socket.getOutputStream().write(body);
            }
            socket.getOutputStream().flush();
            try {
                return read(socket.getInputStream(), head.startsWith("HEAD "));
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no answer within " + ANSWER_WITHIN + " to " + head, e);
            }
        }

        private static Answer read(InputStream in, boolean head) throws IOException {
            String statusLine = line(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String l = line(in); !l.isEmpty(); l = line(in)) {
                int colon = l.indexOf(':');
                headers.put(
                        l.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        l.substring(colon + 1).trim());
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            if (head) {
                // no body after the head
            } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (int size = Integer.parseInt(line(in).split(";", -1)[0].trim(), 16);
                        size > 0;
                        size = Integer.parseInt(line(in).split(";", -1)[0].trim(), 16)) {
                    body.write(in.readNBytes(size));
                    line(in);
                }
                line(in);
            } else {
                body.write(in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))));
            }
            String[] parts = statusLine.split(" ", -1);
            return new Answer(
                    parts.length > 1 ? Integer.parseInt(parts[1]) : -1, headers, body.toString(StandardCharsets.UTF_8));
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) != -1 && c != '\n') {
                if (c != '\r') {
                    out.write(c);
                }
            }
            if (c == -1 && out.size() == 0) {
                throw new IOException("connection closed");
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }

        @Override
        public void close() throws IOException {
            if (socket != null) {
                socket.close();
                socket = null;
            }
        }

        private record Answer(int status, Map<String, String> headers, String body) {}
    }
}
