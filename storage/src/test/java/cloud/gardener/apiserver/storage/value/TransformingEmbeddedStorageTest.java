package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Encryption at rest over the embedded store: the database files never hold an encrypted value's plaintext. */
class TransformingEmbeddedStorageTest {

    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void theDatabaseFilesHoldCiphertextForEncryptedKeysOnly(@TempDir Path dir) throws Exception {
        Transformer aesgcm = ResourceTransformersTest.secrets(ResourceTransformersTest.config(
                "- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(Keys.randomBase64(32))));
        TransformingStorage storage =
                TransformingStorage.byKeyPrefix(new EmbeddedStorage(vertx, dir), Map.of("/registry/secrets/", aesgcm));
        try {
            for (int i = 0; i < 3; i++) {
                await(storage.create(
                        "/registry/secrets/ns/s" + i, bytes("{\"password\":\"hunter2-secret-" + i + "\"}")));
            }
            await(storage.create("/registry/configmaps/ns/c", bytes("{\"color\":\"plain-visible-value\"}")));
            assertThat(new String(await(storage.get("/registry/secrets/ns/s1")).value(), StandardCharsets.UTF_8))
                    .contains("hunter2-secret-1");
        } finally {
            storage.close();
        }

        String files = allFiles(dir);
        // The unencrypted value proves the scan sees what the store wrote.
        assertThat(files)
                .contains("plain-visible-value")
                .contains("k8s:enc:aesgcm:v1:key1:")
                .doesNotContain("hunter2-secret");
    }

    private static String allFiles(Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                all.append(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
