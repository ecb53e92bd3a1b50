package cloud.gardener.apiserver.storage.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.embedded.EmbeddedStorage;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Copying between the embedded store and etcd: every key, byte for byte, a refused non-empty target, force. */
@Tag("integration")
class StorageMigrationTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private static Vertx vertx;

    @TempDir
    Path dir;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void embeddedToEtcdAndBackKeepsEveryValueAcrossPages() throws Exception {
        String prefix = ETCD.newPrefix();
        // More than one page, binary values included, and a key outside the prefix that must stay behind.
        Map<String, byte[]> values = new LinkedHashMap<>();
        for (int i = 0; i < StorageMigration.PAGE + 37; i++) {
            values.put(prefix + "core/things/ns" + (i % 3) + "/t" + i, bytes("{\"n\":" + i + "}"));
        }
        values.put(prefix + "secrets/ns/s", new byte[] {'k', '8', 's', ':', 'e', 'n', 'c', 0, (byte) 0xff, 1});
        try (EmbeddedStorage embedded = new EmbeddedStorage(vertx, dir.resolve("a"));
                EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config());
                EmbeddedStorage back = new EmbeddedStorage(vertx, dir.resolve("b"))) {
            for (Map.Entry<String, byte[]> e : values.entrySet()) {
                await(embedded.create(e.getKey(), e.getValue()));
            }
            await(embedded.create(prefix.substring(0, prefix.length() - 1) + "-other/x", bytes("outside")));
            long sourceRevision = await(embedded.currentRevision());

            MigrationResult there = await(StorageMigration.copy(embedded, etcd, prefix, false));
            assertThat(there.copied()).isEqualTo(values.size());
            assertThat(there.sourceRevision()).isEqualTo(sourceRevision);
            assertThat(contents(etcd, prefix)).containsExactlyEntriesOf(asStrings(values));

            MigrationResult back1 = await(StorageMigration.copy(etcd, back, prefix, false));
            assertThat(back1.copied()).isEqualTo(values.size());
            assertThat(contents(back, prefix)).containsExactlyEntriesOf(asStrings(values));
            assertThat(await(back.get(prefix + "secrets/ns/s")).value()).isEqualTo(values.get(prefix + "secrets/ns/s"));
        }
    }

    @Test
    void aNonEmptyTargetIsRefusedUnlessForcedAndForceMakesAnExactCopy() throws Exception {
        String prefix = ETCD.newPrefix();
        try (EmbeddedStorage embedded = new EmbeddedStorage(vertx, dir.resolve("src"));
                EtcdStorage etcd = new EtcdStorage(vertx, ETCD.config())) {
            await(embedded.create(prefix + "a", bytes("a-new")));
            await(embedded.create(prefix + "b", bytes("b-new")));
            await(etcd.create(prefix + "a", bytes("a-old")));
            await(etcd.create(prefix + "stale", bytes("gone")));

            assertThatThrownBy(() -> await(StorageMigration.copy(embedded, etcd, prefix, false)))
                    .isInstanceOf(TargetNotEmptyException.class)
                    .hasMessageContaining("--force");
            // Refused before writing anything.
            assertThat(contents(etcd, prefix))
                    .containsOnlyKeys(prefix + "a", prefix + "stale")
                    .containsEntry(prefix + "a", "a-old");

            MigrationResult forced = await(StorageMigration.copy(embedded, etcd, prefix, true));
            assertThat(forced.copied()).isEqualTo(2);
            assertThat(forced.deleted()).isEqualTo(1);
            assertThat(contents(etcd, prefix))
                    .containsExactly(Map.entry(prefix + "a", "a-new"), Map.entry(prefix + "b", "b-new"));
        }
    }

    private static Map<String, String> contents(Storage storage, String prefix) throws Exception {
        Map<String, String> all = new LinkedHashMap<>();
        ListPage page = await(storage.list(ListRequest.all(prefix)));
        for (StoredObject o : page.items()) {
            all.put(o.key(), new String(o.value(), StandardCharsets.ISO_8859_1));
        }
        assertThat(page.hasMore()).isFalse();
        return all;
    }

    private static Map<String, String> asStrings(Map<String, byte[]> values) {
        Map<String, String> strings = new LinkedHashMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> strings.put(e.getKey(), new String(e.getValue(), StandardCharsets.ISO_8859_1)));
        return strings;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T await(Future<T> future) throws Exception {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }
}
