package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.endpoints.BodyKind;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.ResourceRequests;
import cloud.gardener.apiserver.endpoints.StoredJsonAnswer;
import cloud.gardener.apiserver.endpoints.TypedDecoding;
import cloud.gardener.apiserver.endpoints.handlers.CreateHandler;
import cloud.gardener.apiserver.endpoints.negotiation.BodyFormat;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.WriteContext;
import cloud.gardener.apiserver.registry.WrittenObject;
import cloud.gardener.apiserver.server.ApiServer;
import cloud.gardener.apiserver.server.ServerConfig;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.testing.TempFiles;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time and bytes allocated per request, in-process on the embedded store (no etcd, no load client): run by
 * {@code bin/bench-alloc} with JMH's {@code -prof gc}, whose {@code gc.alloc.rate.norm} counts every thread's
 * allocations (event loops and workers too) per operation. The server is the real one (its admission chain, caches
 * and controllers); the rows below HTTP call what the handlers call, with the body's bytes as they arrive:
 *
 * <ul>
 *   <li>{@code configMapCreate}: an 8 KiB ConfigMap as {@code CreateHandler} takes it: parse, typed decoding,
 *       namespace check, field manager, then the store's create (admission, strategy, validation, encode, store)
 *       and the answer's compact JSON, from the stored bytes as {@code ObjectWriter.writeWritten} makes it;
 *   <li>{@code shootCreate}: the example Shoot the same way, through the full admission chain;
 *   <li>{@code shootDryRunCreate}: the same as a dry run (admission, strategy and validation, no write): what the
 *       server computes per Shoot create without the store's commit, CPU-bound (a JFR recording of it has many
 *       more samples of admission than one of {@code shootCreate}, which mostly waits for the commit);
 *   <li>{@code configMapGet}: one stored 8 KiB ConfigMap as {@code GetHandler} answers it (a consistent read, the
 *       answer made from the stored bytes);
 *   <li>{@code httpConfigMapCreate}, {@code httpConfigMapGet}: the same two over HTTP/1.1 with TLS on loopback,
 *       one request at a time, client included;
 *   <li>{@code httpConfigMapUpdate}: a PUT of one 8 KiB ConfigMap with the resourceVersion of the last answer
 *       (a conditional update, as kubectl replace and controllers send it), the payload's first bytes changed each
 *       time (an unchanged object would not be written), over the same connection;
 *   <li>{@code httpConfigMapList}, {@code httpConfigMapListTable}: a LIST of {@value ListState#OBJECTS} such
 *       ConfigMaps (a namespace of their own, created once per trial) over the same connection, as JSON and as the
 *       Table kubectl asks for; the client counts the body's bytes without keeping them. Per item: ÷ the count;
 *   <li>{@code httpShootListTable}: a Table LIST of {@value ShootListState#OBJECTS} example Shoots (created once per
 *       trial through the full admission chain, beside the one the setup creates), as kubectl asks for it.
 * </ul>
 *
 * Every create adds an object (names count up); the store grows by some thousands over a run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
public class AllocationBenchmark {

    private static final String NAMESPACE = "bench";
    private static final String SHOOTS = "garden-dev";
    private static final UserInfo ADMIN = UserInfo.of("admin", List.of("system:masters"));
    /** Fixed-width names, written into the body's bytes in place: the harness allocates nothing per request. */
    private static final int NAME_DIGITS = 6;

    private Path dir;
    private Vertx vertx;
    private EmbeddedStorage storage;
    private ApiServer server;
    private BenchHttpClient http;
    private GenericStore configMaps;
    private GenericStore shoots;
    private byte[] configMapBody;
    private int configMapName;
    private byte[] shootBody;
    private int shootName;
    private int counter;
    private String storedName;
    private byte[] updateBody;
    private int updateVersion;
    private int updatePayload;
    private static final String UPDATED = "updated";
    /** The resourceVersion's room in {@link #updateBody}: digits, then spaces (JSON whitespace) up to this width. */
    private static final int VERSION_WIDTH = 20;

    private static final byte[] VERSION_KEY = bytes("\"resourceVersion\":\"");

    @Setup(Level.Trial)
    public void start() throws Exception {
        dir = Files.createTempDirectory("bench-alloc-");
        BenchTls tls = BenchTls.generate(dir.resolve("tls"));
        vertx = Vertx.vertx();
        storage = new EmbeddedStorage(vertx, dir.resolve("store"));
        ServerConfig config = ServerConfig.builder()
                .bindAddress("127.0.0.1")
                .port(0)
                .eventLoops(2)
                .servingCertificate(Files.readString(tls.certFile()), Files.readString(tls.keyFile()))
                .clientCa(Pem.readCertificates(Files.readString(tls.clientCaFile())))
                .storage(storage)
                .etcdPrefix("/registry")
                .projectController(true)
                .build();
        server = await(ApiServer.start(vertx, config));
        configMaps = server.registry().store("", "configmaps").orElseThrow();
        shoots = server.registry().store("core.gardener.cloud", "shoots").orElseThrow();
        http = new BenchHttpClient(vertx, server.port(), HttpVersion.HTTP_1_1, 1, tls);

        create(server.registry().store("", "namespaces").orElseThrow(), "", bytes("""
                {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"%s"}}""".formatted(NAMESPACE)));
        String payload = "x".repeat(8 * 1024 - 16);
        configMapBody = bytes("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c"
                + "0".repeat(NAME_DIGITS) + "\",\"namespace\":\"" + NAMESPACE + "\"},\"data\":{\"payload\":\""
                + payload + "\"}}");
        configMapName = indexOf(configMapBody, "c" + "0".repeat(NAME_DIGITS)) + 1;
        storedName = "stored";
        create(
                configMaps,
                NAMESPACE,
                bytes(new String(configMapBody, StandardCharsets.UTF_8)
                        .replace("c" + "0".repeat(NAME_DIGITS), storedName)));

        updateBody = bytes("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + UPDATED
                + "\",\"namespace\":\"" + NAMESPACE + "\",\"resourceVersion\":\"" + "0".repeat(VERSION_WIDTH)
                + "},\"data\":{\"payload\":\"" + "0".repeat(NAME_DIGITS) + payload + "\"}}");
        updateVersion = indexOf(updateBody, "\"resourceVersion\":\"") + "\"resourceVersion\":\"".length();
        updatePayload = indexOf(updateBody, "\"payload\":\"") + "\"payload\":\"".length();
        byte[] first = create(
                configMaps,
                NAMESPACE,
                bytes(new String(configMapBody, StandardCharsets.UTF_8)
                        .replace("c" + "0".repeat(NAME_DIGITS), UPDATED)));
        version(Buffer.buffer(first));

        applyShootFixtures();
        ObjectNode shoot = (ObjectNode)
                ShootFixtures.documents(examples().resolve("50-shoot.yaml")).get(0);
        ((ObjectNode) shoot.path("metadata")).put("name", "s" + "0".repeat(NAME_DIGITS));
        shootBody = Json.MAPPER.writeValueAsBytes(shoot);
        shootName = indexOf(shootBody, "s" + "0".repeat(NAME_DIGITS)) + 1;
        // admission reads the fixtures through caches that follow the store: the first Shoot waits for them
        awaitFirstShoot();
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        http.close();
        await(server.close());
        storage.close();
        await(vertx.close());
        TempFiles.deleteRecursively(dir);
    }

    @Benchmark
    public byte[] configMapCreate() throws Exception {
        name(configMapBody, configMapName);
        return create(configMaps, NAMESPACE, configMapBody);
    }

    @Benchmark
    public byte[] shootCreate() throws Exception {
        name(shootBody, shootName);
        return create(shoots, SHOOTS, shootBody);
    }

    @Benchmark
    public byte[] shootDryRunCreate() throws Exception {
        name(shootBody, shootName);
        return create(shoots, SHOOTS, shootBody, true);
    }

    @Benchmark
    public byte[] configMapGet() throws Exception {
        StoredObject stored = await(configMaps.getStored(NAMESPACE, storedName, ReadFreshness.consistent()));
        return StoredJsonAnswer.of(stored.value(), stored.modRevision(), "ConfigMap", "v1")
                .orElseThrow();
    }

    @Benchmark
    public Buffer httpConfigMapCreate() throws Exception {
        name(configMapBody, configMapName);
        return await(http.send(
                HttpMethod.POST, "/api/v1/namespaces/" + NAMESPACE + "/configmaps", Buffer.buffer(configMapBody), 201));
    }

    @Benchmark
    public Buffer httpConfigMapUpdate() throws Exception {
        name(updateBody, updatePayload);
        Buffer answer = await(http.send(
                HttpMethod.PUT,
                "/api/v1/namespaces/" + NAMESPACE + "/configmaps/" + UPDATED,
                Buffer.buffer(updateBody),
                200));
        version(answer);
        return answer;
    }

    /** The answer's resourceVersion written into {@link #updateBody}: its digits, a quote, spaces to the width. */
    private void version(Buffer answer) {
        byte[] key = VERSION_KEY;
        int at = 0;
        search:
        for (; at <= answer.length() - key.length; at++) {
            for (int i = 0; i < key.length; i++) {
                if (answer.getByte(at + i) != key[i]) {
                    continue search;
                }
            }
            break;
        }
        int from = at + key.length;
        int to = from;
        while (answer.getByte(to) != '"') {
            to++;
        }
        if (at > answer.length() - key.length || to - from >= VERSION_WIDTH) {
            throw new IllegalStateException("no resourceVersion in the answer");
        }
        for (int i = 0; i < VERSION_WIDTH; i++) {
            int digit = from + i;
            updateBody[updateVersion + i] = digit < to ? answer.getByte(digit) : digit == to ? (byte) '"' : (byte) ' ';
        }
    }

    @Benchmark
    public Buffer httpConfigMapGet() throws Exception {
        return await(
                http.send(HttpMethod.GET, "/api/v1/namespaces/" + NAMESPACE + "/configmaps/" + storedName, null, 200));
    }

    /** The objects the LIST rows list: created once per trial, only for the benchmarks that take this state. */
    @State(Scope.Benchmark)
    public static class ListState {
        static final int OBJECTS = 5000;
        static final String LIST_NAMESPACE = "bench-list";
        static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json";

        @Setup(Level.Trial)
        public void create(AllocationBenchmark bench) throws Exception {
            AllocationBenchmark.create(
                    bench.server.registry().store("", "namespaces").orElseThrow(), "", bytes("""
                    {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"%s"}}""".formatted(
                                    LIST_NAMESPACE)));
            String body = new String(bench.configMapBody, StandardCharsets.UTF_8)
                    .replace("\"namespace\":\"" + NAMESPACE + "\"", "\"namespace\":\"" + LIST_NAMESPACE + "\"");
            for (int i = 0; i < OBJECTS; i++) {
                AllocationBenchmark.create(
                        bench.configMaps,
                        LIST_NAMESPACE,
                        bytes(body.replace("c" + "0".repeat(NAME_DIGITS), String.format(Locale.ROOT, "l%06d", i))));
            }
        }
    }

    @Benchmark
    public Long httpConfigMapList(ListState list) throws Exception {
        return await(http.getCounting("/api/v1/namespaces/" + ListState.LIST_NAMESPACE + "/configmaps"));
    }

    @Benchmark
    public Long httpConfigMapListTable(ListState list) throws Exception {
        return await(
                http.getCounting("/api/v1/namespaces/" + ListState.LIST_NAMESPACE + "/configmaps", ListState.TABLE));
    }

    /** The Shoots the Shoot LIST row lists: created once per trial, in the example Project's namespace. */
    @State(Scope.Benchmark)
    public static class ShootListState {
        static final int OBJECTS = 1000;

        @Setup(Level.Trial)
        public void create(AllocationBenchmark bench) throws Exception {
            String body = new String(bench.shootBody, StandardCharsets.UTF_8);
            String name = body.substring(bench.shootName - 1, bench.shootName + NAME_DIGITS);
            for (int i = 0; i < OBJECTS; i++) {
                AllocationBenchmark.create(
                        bench.shoots, SHOOTS, bytes(body.replace(name, String.format(Locale.ROOT, "l%06d", i))));
            }
        }
    }

    @Benchmark
    public Long httpShootListTable(ShootListState list) throws Exception {
        return await(http.getCounting(ShootFixtures.COLLECTION, ListState.TABLE));
    }

    /** What CreateHandler does with a JSON body (no query: field validation Warn, no dry run). */
    private static byte[] create(GenericStore store, String namespace, byte[] body) throws Exception {
        return create(store, namespace, body, false);
    }

    private static byte[] create(GenericStore store, String namespace, byte[] body, boolean dryRun) throws Exception {
        String version = store.type().storageVersion();
        GroupVersionKind gvk = store.type().gvk(version);
        ResourceRequest req = ResourceRequests.create(store, version, namespace, ADMIN);
        RequestBodies.ParsedBody parsed = RequestBodies.parse(
                body, BodyFormat.JSON, gvk.kind(), why -> ApiException.badRequest("unparsable body: " + why));
        ObjectNode obj = (ObjectNode) parsed.tree();
        BodyKind.resolve(obj, gvk);
        ModelForms forms = new ModelForms();
        ObjectNode decoded = TypedDecoding.apply(req, obj, parsed, FieldValidation.WARN, forms);
        RequestBodies.checkNamespace(req, decoded);
        WriteContext ctx =
                new WriteContext(ADMIN, dryRun, "kubectl", warning -> {}, body.length, AuditAnnotations.NONE, forms);
        CreateHandler.manage(req, decoded, ctx);
        WrittenObject written = await(store.createWritten(namespace, decoded, ctx));
        // the compact JSON answer ObjectWriter.writeWritten makes: from the stored bytes, else encoded (the kind and
        // the served apiVersion, group included, as the request's: a bare version matched a core kind's alone)
        return StoredJsonAnswer.of(
                        written,
                        StoredJsonAnswer.after(written.object()),
                        req.type().kind(),
                        req.apiVersion())
                .orElseGet(() -> Json.toBytes(req.present(written.object())));
    }

    /** The next name, its base-36 digits written over the last ones. */
    private void name(byte[] body, int at) {
        int n = ++counter;
        for (int i = at + NAME_DIGITS - 1; i >= at; i--) {
            body[i] = (byte) Character.forDigit(n % 36, 36);
            n /= 36;
        }
    }

    private void awaitFirstShoot() throws Exception {
        Exception last = null;
        for (int attempt = 0; attempt < 300; attempt++) {
            try {
                shootCreate();
                return;
            } catch (Exception e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("no Shoot could be created", last);
    }

    /** {@link ShootFixtures}'s examples, created the same way; the Project's namespace awaited. */
    private void applyShootFixtures() throws Exception {
        for (String file : ShootFixtures.FILES) {
            for (JsonNode doc : ShootFixtures.documents(examples().resolve(file))) {
                String apiVersion = doc.path("apiVersion").asText();
                String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
                String plural = doc.path("kind").asText().toLowerCase(Locale.ROOT) + "s";
                createRetrying(
                        server.registry().store(group, plural).orElseThrow(),
                        doc.path("metadata").path("namespace").asText(""),
                        Json.MAPPER.writeValueAsBytes(doc));
            }
        }
    }

    /** Namespaced fixtures wait for the Project's namespace. */
    private static void createRetrying(GenericStore store, String namespace, byte[] body) throws Exception {
        Exception last = null;
        for (int attempt = 0; attempt < 300; attempt++) {
            try {
                create(store, namespace, body);
                return;
            } catch (Exception e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("fixture not created in " + namespace, last);
    }

    private static Path examples() {
        return Path.of(System.getProperty("bench.examples", "examples"));
    }

    private static int indexOf(byte[] haystack, String needle) {
        int at = new String(haystack, StandardCharsets.ISO_8859_1).indexOf(needle);
        if (at < 0) {
            throw new IllegalStateException(needle + " not in the body");
        }
        return at;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
