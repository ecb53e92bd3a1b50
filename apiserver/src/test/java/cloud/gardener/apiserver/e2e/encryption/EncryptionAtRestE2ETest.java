package cloud.gardener.apiserver.e2e.encryption;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.server.EncryptionAtRest;
import cloud.gardener.apiserver.server.StorageConfig;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration;
import cloud.gardener.apiserver.storage.value.KeyPrefixTransformers;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.storage.value.Transformer;
import cloud.gardener.apiserver.storage.value.TransformingStorage;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Encryption at rest end to end: a Secret and an InternalSecret written over HTTPS are ciphertext in
 * etcd (read raw through an unwrapped store, and with etcdctl when it is installed) and plaintext
 * through the API; a value copied to another key does not decrypt; the documented key rotation keeps
 * everything readable.
 *
 * <p>The server runs on a {@link TransformingStorage} whose transformers come from the same mapping
 * {@code --encryption-provider-config} uses; they are swapped between steps the way restarting every
 * server with the next configuration would.
 */
@Tag("integration")
class EncryptionAtRestE2ETest {

    private static final String KEY1 = randomKey();
    private static final String KEY2 = randomKey();
    private static final String PASSWORD = "correct-horse-battery-staple";
    private static final String PASSWORD_B64 =
            Base64.getEncoder().encodeToString(PASSWORD.getBytes(StandardCharsets.UTF_8));

    private static final AtomicReference<Function<String, Transformer>> TRANSFORMERS = new AtomicReference<>();
    private static final AtomicReference<TransformingStorage> STORAGE = new AtomicReference<>();
    private static final AtomicReference<String> PREFIX = new AtomicReference<>();

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
        StorageConfig etcd = config.build().storage();
        PREFIX.set(etcd.prefix());
        useKeys("key1", KEY1);
        TransformingStorage storage =
                new TransformingStorage(etcd.store(), key -> TRANSFORMERS.get().apply(key));
        STORAGE.set(storage);
        return config.storage(storage);
    });

    /** As if every server restarted with an aesgcm provider holding these keys (the first one writes) for secrets. */
    private static void useKeys(String... namesAndSecrets) {
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < namesAndSecrets.length; i += 2) {
            keys.append("      - name: ")
                    .append(namesAndSecrets[i])
                    .append('\n')
                    .append("        secret: ")
                    .append(namesAndSecrets[i + 1])
                    .append('\n');
        }
        String yaml = """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources:
                  - secrets
                  providers:
                  - aesgcm:
                      keys:
                """ + keys + "  - identity: {}\n";
        ResourceTransformers config =
                ResourceTransformers.of(EncryptionConfiguration.parse(yaml.getBytes(StandardCharsets.UTF_8)));
        TRANSFORMERS.set(new KeyPrefixTransformers(
                EncryptionAtRest.keyPrefixes(config, ResourceRegistry.standard(true), PREFIX.get())));
    }

    @Test
    void secretsAreCiphertextInEtcdAndPlaintextThroughTheApi() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "enc");
        create(admin, secretsPath(ns), secret("db"));
        create(admin, internalSecretsPath(ns), internalSecret("ca"));

        for (String key : List.of(secretKey(ns, "db"), internalSecretKey(ns, "ca"))) {
            String raw = rawValue(key);
            assertThat(raw)
                    .as(key)
                    .startsWith("k8s:enc:aesgcm:v1:")
                    .doesNotContain(PASSWORD)
                    .doesNotContain(PASSWORD_B64);
            String viaEtcdctl = etcdctlGet(key);
            if (viaEtcdctl != null) {
                assertThat(viaEtcdctl)
                        .as("etcdctl get " + key)
                        .startsWith("k8s:enc:aesgcm:v1:")
                        .doesNotContain(PASSWORD)
                        .doesNotContain(PASSWORD_B64);
            }
        }
        // A namespace is not encrypted: the config only covers secrets and Gardener's always-encrypted kinds.
        assertThat(rawValue(PREFIX.get() + "/namespaces/" + ns)).startsWith("{");

        assertThat(admin.get(secretsPath(ns) + "/db")
                        .json()
                        .path("data")
                        .path("password")
                        .asText())
                .isEqualTo(PASSWORD_B64);
        assertThat(admin.get(internalSecretsPath(ns) + "/ca")
                        .json()
                        .path("data")
                        .path("password")
                        .asText())
                .isEqualTo(PASSWORD_B64);
        assertThat(admin.get(secretsPath(ns)).json().path("items")).hasSize(1);
    }

    @Test
    void ciphertextCopiedToAnotherKeyDoesNotDecrypt() {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "aad");
        create(admin, secretsPath(ns), secret("original"));
        byte[] ciphertext =
                await(SERVER.storage().get(secretKey(ns, "original"))).value();
        String copyKey = secretKey(ns, "copy");
        await(SERVER.storage().create(copyKey, ciphertext));
        try {
            TestClient.Response resp = admin.get(secretsPath(ns) + "/copy");
            assertThat(resp.status()).as(resp.body()).isEqualTo(500);
            assertThat(resp.json().path("message").asText()).contains("unable to transform key");
        } finally {
            await(SERVER.storage().delete(copyKey, 0));
        }
    }

    @Test
    void keyRotationAddRewriteRemoveKeepsEverythingReadable() {
        TestClient admin = SERVER.admin();
        useKeys("key1", KEY1);
        String ns = createNamespace(admin, "rotate");
        create(admin, secretsPath(ns), secret("db"));
        create(admin, internalSecretsPath(ns), internalSecret("ca"));
        assertThat(rawValue(secretKey(ns, "db"))).startsWith("k8s:enc:aesgcm:v1:key1:");

        // 1. Add the new key second: it can read, the old key still writes.
        useKeys("key1", KEY1, "key2", KEY2);
        assertReadable(admin, ns);
        create(admin, secretsPath(ns), secret("late"));
        assertThat(rawValue(secretKey(ns, "late"))).startsWith("k8s:enc:aesgcm:v1:key1:");

        // 2. Make the new key the writer: old values still read.
        useKeys("key2", KEY2, "key1", KEY1);
        assertReadable(admin, ns);
        // Dropping the old key before the rewrite would lose data: reads fail loudly, they never return garbage.
        useKeys("key2", KEY2);
        TestClient.Response lost = admin.get(internalSecretsPath(ns) + "/ca");
        assertThat(lost.status()).as(lost.body()).isEqualTo(500);
        assertThat(lost.json().path("message").asText()).contains("unable to transform key");
        useKeys("key2", KEY2, "key1", KEY1);

        // 3. Rewrite every object: one by a real update through the API, the rest by the storage's rewrite.
        TestClient.Response patched =
                admin.patch(secretsPath(ns) + "/db", MERGE, "{\"metadata\":{\"annotations\":{\"rotated\":\"key2\"}}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        assertThat(rawValue(secretKey(ns, "db"))).startsWith("k8s:enc:aesgcm:v1:key2:");
        assertThat(await(STORAGE.get().rewriteStale(PREFIX.get() + "/"))).isGreaterThanOrEqualTo(2);
        for (String prefix :
                List.of(PREFIX.get() + "/secrets/", PREFIX.get() + "/core.gardener.cloud/internalsecrets/")) {
            for (StoredObject o :
                    await(SERVER.storage().list(ListRequest.all(prefix))).items()) {
                assertThat(new String(o.value(), StandardCharsets.ISO_8859_1))
                        .as(o.key())
                        .startsWith("k8s:enc:aesgcm:v1:key2:");
            }
        }

        // 4. Remove the old key: everything reads.
        useKeys("key2", KEY2);
        assertReadable(admin, ns);
        assertThat(admin.get(secretsPath(ns) + "/late")
                        .json()
                        .path("data")
                        .path("password")
                        .asText())
                .isEqualTo(PASSWORD_B64);
    }

    // ------------------------------------------------------------ helpers

    private static void assertReadable(TestClient admin, String ns) {
        TestClient.Response secret = admin.get(secretsPath(ns) + "/db");
        assertThat(secret.status()).as(secret.body()).isEqualTo(200);
        assertThat(secret.json().path("data").path("password").asText()).isEqualTo(PASSWORD_B64);
        TestClient.Response internal = admin.get(internalSecretsPath(ns) + "/ca");
        assertThat(internal.status()).as(internal.body()).isEqualTo(200);
        assertThat(internal.json().path("data").path("password").asText()).isEqualTo(PASSWORD_B64);
        TestClient.Response list = admin.get(internalSecretsPath(ns));
        assertThat(list.status()).as(list.body()).isEqualTo(200);
        assertThat(list.json().path("items")).hasSize(1);
    }

    private static String secretsPath(String ns) {
        return "/api/v1/namespaces/" + ns + "/secrets";
    }

    private static String internalSecretsPath(String ns) {
        return "/apis/core.gardener.cloud/v1beta1/namespaces/" + ns + "/internalsecrets";
    }

    private static String secretKey(String ns, String name) {
        return PREFIX.get() + "/secrets/" + ns + "/" + name;
    }

    private static String internalSecretKey(String ns, String name) {
        return PREFIX.get() + "/core.gardener.cloud/internalsecrets/" + ns + "/" + name;
    }

    private static ObjectNode secret(String name) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "v1").put("kind", "Secret").putObject("metadata").put("name", name);
        obj.put("type", "Opaque").putObject("data").put("password", PASSWORD_B64);
        return obj;
    }

    private static ObjectNode internalSecret(String name) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "InternalSecret")
                .putObject("metadata")
                .put("name", name);
        obj.put("type", "Opaque").putObject("data").put("password", PASSWORD_B64);
        return obj;
    }

    private static JsonNode create(TestClient client, String collection, ObjectNode body) {
        TestClient.Response resp = client.post(collection, body);
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        return resp.json();
    }

    /** The value as etcd holds it, read through the unwrapped store. */
    private static String rawValue(String key) {
        return new String(await(SERVER.storage().get(key)).value(), StandardCharsets.ISO_8859_1);
    }

    /** The value as {@code etcdctl get} prints it, or null (with the reason printed) when etcdctl is not installed. */
    private static String etcdctlGet(String key) throws IOException, InterruptedException {
        Path etcdctl = findOnPath("etcdctl");
        if (etcdctl == null) {
            System.out.println(
                    "etcdctl is not on the PATH: skipping the etcdctl half of the check (raw store read done)");
            return null;
        }
        ProcessBuilder pb = new ProcessBuilder(
                        etcdctl.toString(), "--endpoints", SERVER.etcd().endpoint(), "get", key, "--print-value-only")
                .redirectErrorStream(true);
        pb.environment().put("ETCDCTL_API", "3");
        Process p = pb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String printed = out.toString(StandardCharsets.ISO_8859_1);
        assertThat(p.exitValue()).as(printed).isZero();
        return printed;
    }

    private static Path findOnPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(java.io.File.pathSeparator, -1)) {
            Path candidate = Path.of(dir, command);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("storage call failed: " + e.getMessage(), e);
        }
    }

    private static String randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
