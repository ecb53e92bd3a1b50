package cloud.gardener.apiserver.e2e.migrate;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.NAMESPACES;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.server.EncryptionAtRest;
import cloud.gardener.apiserver.server.Main;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.embedded.EmbeddedConfig;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gardener-apiserver migrate} end to end: objects created over HTTPS on a server with the embedded
 * store move to a real etcd and back, and a server started on each target serves every one of them with
 * the same content, uid and generation; secrets stay ciphertext on the way; a non-empty target is refused
 * without {@code --force}.
 */
@Tag("integration")
class MigrationE2ETest {

    private static final String PREFIX = "/registry-gardener";

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @TempDir
    Path dir;

    @Test
    void embeddedToEtcdAndBackKeepsEveryObject() throws Exception {
        Path encryptionConfig = writeEncryptionConfig(dir.resolve("encryption.yaml"));
        ResourceTransformers encryption = ResourceTransformers.load(encryptionConfig);
        Path sourceDir = dir.resolve("source");
        Path backDir = dir.resolve("back");

        // 1. Objects written through the API of a server on the embedded store of --data-dir=source.
        Map<String, JsonNode> objects = new LinkedHashMap<>();
        ApiServerExtension source = start(
                encryption,
                (vertx, ignored) -> new EmbeddedStorage(vertx, EmbeddedConfig.of(sourceDir.resolve("embedded"))));
        String ns;
        try {
            TestClient admin = source.admin();
            ns = createProjectNamespace(admin, "migrate");
            objects.put(NAMESPACES + "/" + ns, null);
            create(admin, CLOUDPROFILES, cloudProfileObject("migrate-aws"));
            objects.put(CLOUDPROFILES + "/migrate-aws", null);
            for (String name : new String[] {"a", "b", "c"}) {
                create(admin, shoots(ns), shootObject(name, "app", name));
                objects.put(shoot(ns, name), null);
            }
            // A spec change: generation 2 must survive the move.
            TestClient.Response patched =
                    admin.patch(shoot(ns, "b"), MERGE, "{\"spec\":{\"kubernetes\":{\"version\":\"1.31.2\"}}}");
            assertThat(patched.status()).as(patched.body()).isEqualTo(200);
            assertThat(patched.json().path("metadata").path("generation").asLong())
                    .isEqualTo(2);
            create(admin, "/api/v1/namespaces/" + ns + "/secrets", secret("db", "s3cr3t"));
            objects.put("/api/v1/namespaces/" + ns + "/secrets/db", null);
            create(admin, "/api/v1/namespaces/" + ns + "/configmaps", configMap("settings"));
            objects.put("/api/v1/namespaces/" + ns + "/configmaps/settings", null);
            for (Map.Entry<String, JsonNode> object : objects.entrySet()) {
                String path = object.getKey();
                TestClient.Response got = admin.get(path);
                assertThat(got.status()).as(path + ": " + got.body()).isEqualTo(200);
                object.setValue(got.json());
            }
            // The store is locked while a server has it open.
            Cli busy = Cli.run("migrate", "--from", sourceDir.toString(), "--to-etcd", ETCD.endpoint());
            assertThat(busy.code()).isEqualTo(1);
            assertThat(busy.err()).contains("already open");
        } finally {
            source.afterAll(null);
        }

        // 2. embedded -> etcd.
        Cli toEtcd = Cli.run("migrate", "--from", sourceDir.toString(), "--to-etcd", ETCD.endpoint());
        assertThat(toEtcd.code()).as(toEtcd.err()).isZero();
        assertThat(toEtcd.out()).contains("Copied").contains(PREFIX);
        Vertx rawVertx = Vertx.vertx();
        try (EtcdStorage raw = new EtcdStorage(rawVertx, ETCD.config())) {
            String secret = new String(
                    raw.get(PREFIX + "/secrets/" + ns + "/db")
                            .toCompletionStage()
                            .toCompletableFuture()
                            .get(10, TimeUnit.SECONDS)
                            .value(),
                    StandardCharsets.ISO_8859_1);
            assertThat(secret).startsWith("k8s:enc:aesgcm:v1:key1:").doesNotContain("s3cr3t");
        } finally {
            rawVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        ApiServerExtension onEtcd = start(encryption, (vertx, ignored) -> new EtcdStorage(vertx, ETCD.config()));
        try {
            assertSameObjects(onEtcd.admin(), objects);
            // The migrated store takes new writes: revisions continue past the copied ones.
            JsonNode d = create(onEtcd.admin(), shoots(ns), shootObject("d"));
            assertThat(Long.parseLong(rv(d))).isGreaterThan(0);
            objects.put(shoot(ns, "d"), onEtcd.admin().get(shoot(ns, "d")).json());
        } finally {
            onEtcd.afterAll(null);
        }

        // 3. A non-empty target is refused without --force, and nothing changes.
        Cli again = Cli.run("migrate", "--from", sourceDir.toString(), "--to-etcd", ETCD.endpoint());
        assertThat(again.code()).isEqualTo(1);
        assertThat(again.err()).contains("--force").contains(PREFIX);

        // 4. etcd -> embedded (--data-dir=back), then a server on it.
        Cli toEmbedded = Cli.run("migrate", "--from-etcd", ETCD.endpoint(), "--to", backDir.toString());
        assertThat(toEmbedded.code()).as(toEmbedded.err()).isZero();
        Cli refused = Cli.run("migrate", "--from-etcd", ETCD.endpoint(), "--to", backDir.toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("--force");
        Cli forced = Cli.run("migrate", "--from-etcd", ETCD.endpoint(), "--to", backDir.toString(), "--force");
        assertThat(forced.code()).as(forced.err()).isZero();

        ApiServerExtension back = start(
                encryption,
                (vertx, ignored) -> new EmbeddedStorage(vertx, EmbeddedConfig.of(backDir.resolve("embedded"))));
        try {
            assertSameObjects(back.admin(), objects);
            JsonNode list = back.admin().get(shoots(ns)).json();
            assertThat(list.path("items"))
                    .extracting(i -> i.path("metadata").path("name").asText())
                    .containsExactly("a", "b", "c", "d");
        } finally {
            back.afterAll(null);
        }
    }

    @Test
    void badFlagCombinationsAreErrors() {
        Cli neither = Cli.run("migrate", "--to-etcd", "http://127.0.0.1:1");
        assertThat(neither.code()).isEqualTo(1);
        assertThat(neither.err()).contains("exactly one source");
        Cli both = Cli.run("migrate", "--from", dir.toString(), "--from-etcd", "http://127.0.0.1:1", "--to", "x");
        assertThat(both.code()).isEqualTo(1);
        Cli noStore = Cli.run("migrate", "--from", dir.resolve("nothing").toString(), "--to-etcd", ETCD.endpoint());
        assertThat(noStore.code()).isEqualTo(1);
        assertThat(noStore.err()).contains("no embedded store");
        Cli unknown = Cli.run("migrate", "--from", dir.toString(), "--to-etcd", ETCD.endpoint(), "--bogus");
        assertThat(unknown.code()).isEqualTo(2);
    }

    /** Every object reads back identical but for its resourceVersion (the target's own revision). */
    private static void assertSameObjects(TestClient admin, Map<String, JsonNode> objects) {
        for (Map.Entry<String, JsonNode> e : objects.entrySet()) {
            TestClient.Response got = admin.get(e.getKey());
            assertThat(got.status()).as(e.getKey() + ": " + got.body()).isEqualTo(200);
            JsonNode expected = e.getValue();
            JsonNode actual = got.json();
            assertThat(actual.path("metadata").path("uid").asText())
                    .as(e.getKey())
                    .isNotEmpty()
                    .isEqualTo(expected.path("metadata").path("uid").asText());
            assertThat(actual.path("metadata").path("generation"))
                    .as(e.getKey())
                    .isEqualTo(expected.path("metadata").path("generation"));
            assertThat(withoutResourceVersion(actual)).as(e.getKey()).isEqualTo(withoutResourceVersion(expected));
        }
    }

    private static JsonNode withoutResourceVersion(JsonNode obj) {
        ObjectNode copy = obj.deepCopy();
        ((ObjectNode) copy.path("metadata")).remove("resourceVersion");
        return copy;
    }

    private static ApiServerExtension start(ResourceTransformers encryption, BiFunction<Vertx, Path, Storage> store)
            throws Exception {
        ApiServerExtension server = ApiServerExtension.withStorage(
                (vertx, d) -> EncryptionAtRest.wrap(store.apply(vertx, d), encryption, PREFIX),
                Fixtures::withoutShootGardenChecks);
        // Started and stopped by hand: the test needs several servers, one after the other.
        server.beforeAll(null);
        return server;
    }

    private static Path writeEncryptionConfig(Path file) throws Exception {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Files.writeString(file, """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources:
                  - secrets
                  providers:
                  - aesgcm:
                      keys:
                      - name: key1
                        secret: %s
                  - identity: {}
                """.formatted(Base64.getEncoder().encodeToString(key)));
        return file;
    }

    private static ObjectNode secret(String name, String password) {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("apiVersion", "v1").put("kind", "Secret").putObject("metadata").put("name", name);
        s.putObject("data")
                .put("password", Base64.getEncoder().encodeToString(password.getBytes(StandardCharsets.UTF_8)));
        return s;
    }

    private static ObjectNode configMap(String name) {
        ObjectNode c = Json.MAPPER.createObjectNode();
        c.put("apiVersion", "v1").put("kind", "ConfigMap").putObject("metadata").put("name", name);
        c.putObject("data").put("mode", "migrated");
        return c;
    }

    /** One run of the command line, with what it printed. */
    private record Cli(int code, String out, String err) {

        static synchronized Cli run(String... args) {
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try {
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                int code = Main.execute(args);
                return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
            } finally {
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
        }
    }
}
