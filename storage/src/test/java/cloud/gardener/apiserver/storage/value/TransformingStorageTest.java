package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StorageException.Reason;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.etcd3.EtcdStorage;
import cloud.gardener.apiserver.storage.testing.AesGcmKeys;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Encryption at rest over a real etcd: what the store holds, what callers see, and key rotation. */
@Tag("integration")
class TransformingStorageTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String OLD = Keys.randomBase64(32);
    private static final String NEW = Keys.randomBase64(32);
    private static Vertx vertx;

    private EtcdStorage raw;
    private String prefix;
    private String secrets;
    private final AtomicReference<Transformer> secretsTransformer = new AtomicReference<>();
    private TransformingStorage storage;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stopVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @BeforeEach
    void open() {
        raw = new EtcdStorage(vertx, ETCD.config());
        prefix = ETCD.newPrefix();
        secrets = prefix + "secrets/";
        secretsTransformer.set(aesgcm("old", OLD));
        // Only secrets are encrypted; the function is read on every call, as a restart with a new config would.
        storage = new TransformingStorage(raw, key -> key.startsWith(secrets) ? secretsTransformer.get() : null);
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private static Transformer aesgcm(String... namesAndSecrets) {
        return AesGcmKeys.transformer(namesAndSecrets);
    }

    @Test
    void theStoreHoldsCiphertextAndCallersSeePlaintext() {
        StoredObject created = await(storage.create(secrets + "a", bytes("password=hunter2")));
        await(storage.create(prefix + "configmaps/a", bytes("color=blue")));

        assertThat(str(created.value())).isEqualTo("password=hunter2");
        assertThat(str(await(storage.get(secrets + "a")).value())).isEqualTo("password=hunter2");
        String stored = str(await(raw.get(secrets + "a")).value());
        assertThat(stored).startsWith("k8s:enc:aesgcm:v1:old:").doesNotContain("hunter2");
        assertThat(str(await(raw.get(prefix + "configmaps/a")).value())).isEqualTo("color=blue");
        assertThat(await(raw.get(secrets + "a")).modRevision()).isEqualTo(created.modRevision());
    }

    @Test
    void updatesAndDeletesReturnPlaintext() {
        StoredObject v1 = await(storage.create(secrets + "a", bytes("v1")));
        StoredObject v2 = await(storage.update(secrets + "a", v1.modRevision(), bytes("v2")));
        assertThat(str(v2.value())).isEqualTo("v2");
        assertThat(str(await(raw.get(secrets + "a")).value())).startsWith("k8s:enc:");

        StorageException conflict = failure(storage.update(secrets + "a", v1.modRevision(), bytes("v3")));
        assertThat(conflict.reason()).isEqualTo(Reason.CONFLICT);
        assertThat(str(conflict.current().value())).isEqualTo("v2");

        StoredObject deleted = await(storage.delete(secrets + "a", v2.modRevision()));
        assertThat(str(deleted.value())).isEqualTo("v2");
    }

    @Test
    void listFiltersSeePlaintextAndItemsComeBackDecrypted() {
        for (int i = 0; i < 6; i++) {
            await(storage.create(secrets + "s" + i, bytes(i % 2 == 0 ? "even-" + i : "odd-" + i)));
        }
        await(storage.create(prefix + "other", bytes("plain")));

        ListPage evens = await(storage.list(
                new ListRequest(secrets, 0, 2, null, o -> str(o.value()).startsWith("even"))));
        assertThat(evens.items()).extracting(o -> str(o.value())).containsExactly("even-0", "even-2");
        assertThat(evens.hasMore()).isTrue();

        ListPage all = await(storage.list(ListRequest.all(prefix)));
        assertThat(all.items())
                .extracting(o -> str(o.value()))
                .containsExactly("plain", "even-0", "odd-1", "even-2", "odd-3", "even-4", "odd-5");
    }

    @Test
    void watchEventsAndTheirPreviousValuesArePlaintext() {
        RecordingWatchListener listener = new RecordingWatchListener();
        StoredObject v1 = await(storage.create(secrets + "a", bytes("v1")));
        WatchSubscription watch = storage.watch(secrets, v1.modRevision() - 1, listener);
        try (watch) {
            StoredObject v2 = await(storage.update(secrets + "a", v1.modRevision(), bytes("v2")));
            await(storage.delete(secrets + "a", v2.modRevision()));

            List<WatchEvent> events = listener.nextEvents(3, WAIT);
            assertThat(events)
                    .extracting(WatchEvent::type)
                    .containsExactly(WatchEvent.Type.PUT, WatchEvent.Type.PUT, WatchEvent.Type.DELETE);
            assertThat(events).extracting(e -> str(e.object().value())).containsExactly("v1", "v2", "v2");
            assertThat(str(events.get(1).previous().value())).isEqualTo("v1");
            assertThat(str(events.get(2).previous().value())).isEqualTo("v2");
        }
    }

    @Test
    void aGuaranteedUpdateSeesPlaintextAndComparesPlaintext() {
        StoredObject v1 = await(storage.create(secrets + "a", bytes("same")));
        List<String> seen = new ArrayList<>();

        // Re-encrypting gives new bytes every time; only the plaintext comparison makes this a no-op.
        StoredObject result = await(storage.guaranteedUpdate(
                secrets + "a",
                current -> {
                    seen.add(str(current.value()));
                    return Future.succeededFuture(bytes("same"));
                },
                3));

        assertThat(seen).containsExactly("same");
        assertThat(result.modRevision()).isEqualTo(v1.modRevision());
        assertThat(str(result.value())).isEqualTo("same");

        StoredObject changed = await(storage.guaranteedUpdate(
                secrets + "a", current -> Future.succeededFuture(bytes(str(current.value()) + "+1")), 3));
        assertThat(str(changed.value())).isEqualTo("same+1");
        assertThat(changed.modRevision()).isGreaterThan(v1.modRevision());
    }

    @Test
    void aValueCopiedToAnotherKeyDoesNotDecrypt() {
        await(storage.create(secrets + "a", bytes("hunter2")));
        byte[] ciphertext = await(raw.get(secrets + "a")).value();
        await(raw.create(secrets + "b", ciphertext));

        StorageException e = failure(storage.get(secrets + "b"));

        assertThat(e.reason()).isEqualTo(Reason.INTERNAL);
        assertThat(e).hasMessageStartingWith("unable to transform key \"" + secrets + "b\"");
    }

    @Test
    void aValueReadsAlikeOnlyWhileItsKeyHasTheTransformerThatReadIt() {
        StoredObject created = await(storage.create(secrets + "a", bytes("hunter2")));
        await(storage.create(prefix + "configmaps/a", bytes("color=blue")));
        StoredObject read = await(storage.get(secrets + "a"));
        StoredObject listed =
                await(storage.list(ListRequest.all(secrets))).items().get(0);
        StoredObject plain = await(storage.get(prefix + "configmaps/a"));

        assertThat(List.of(created, read, listed, plain))
                .allSatisfy(o -> assertThat(storage.readsAlike(o)).as(o.key()).isTrue());
        assertThat(raw.readsAlike(read))
                .as("the store underneath reads the ciphertext")
                .isFalse();
        assertThat(raw.readsAlike(plain)).isTrue();

        // The same keys configured again: a new transformer, not the one the copies were read with.
        secretsTransformer.set(aesgcm("old", OLD));
        assertThat(List.of(created, read, listed))
                .noneSatisfy(o -> assertThat(storage.readsAlike(o)).isTrue());
        assertThat(storage.readsAlike(plain)).as("a key without a transformer").isTrue();
        assertThat(storage.readsAlike(await(storage.get(secrets + "a")))).isTrue();
    }

    @Test
    void keyRotationAddRewriteRemoveKeepsEverythingReadable() {
        int n = 7;
        for (int i = 0; i < n; i++) {
            await(storage.create(secrets + "s" + i, bytes("secret-" + i)));
        }
        await(storage.create(prefix + "cm", bytes("untouched")));

        // 1. Add the new key second: nothing to rewrite yet, the old key still writes.
        secretsTransformer.set(aesgcm("old", OLD, "new", NEW));
        assertThat(await(storage.rewriteStale(prefix))).isZero();
        // 2. Move the new key first: every old value is stale; an unchanged guaranteed update rewrites one.
        secretsTransformer.set(aesgcm("new", NEW, "old", OLD));
        long before = await(raw.get(secrets + "s0")).modRevision();
        StoredObject same =
                await(storage.guaranteedUpdate(secrets + "s0", cur -> Future.succeededFuture(cur.value()), 3));
        assertThat(same.modRevision()).isGreaterThan(before);
        assertThat(str(await(raw.get(secrets + "s0")).value())).startsWith("k8s:enc:aesgcm:v1:new:");
        // 3. Rewrite all: the rest moves to the new key, and a second pass finds nothing left.
        assertThat(await(storage.rewriteStale(prefix))).isEqualTo(n - 1);
        assertThat(await(storage.rewriteStale(prefix))).isZero();
        for (StoredObject o : await(raw.list(ListRequest.all(secrets))).items()) {
            assertThat(str(o.value())).startsWith("k8s:enc:aesgcm:v1:new:");
        }
        // 4. Remove the old key: everything still reads.
        secretsTransformer.set(aesgcm("new", NEW));
        for (int i = 0; i < n; i++) {
            assertThat(str(await(storage.get(secrets + "s" + i)).value())).isEqualTo("secret-" + i);
        }
        assertThat(str(await(storage.get(prefix + "cm")).value())).isEqualTo("untouched");
    }

    @Test
    void removingTheOldKeyBeforeTheRewriteFailsLoudly() {
        await(storage.create(secrets + "a", bytes("hunter2")));
        secretsTransformer.set(aesgcm("new", NEW));

        StorageException get = failure(storage.get(secrets + "a"));
        assertThat(get.reason()).isEqualTo(Reason.INTERNAL);
        assertThat(get)
                .hasMessage("unable to transform key \"" + secrets + "a\": "
                        + "no matching key was found for the provided AES transformer");
        assertThat(failure(storage.list(ListRequest.all(secrets))).reason()).isEqualTo(Reason.INTERNAL);
        assertThat(failure(storage.rewriteStale(secrets)).reason()).isEqualTo(Reason.INTERNAL);
    }

    @Test
    void enablingEncryptionLaterRewritesPlaintextThroughIdentity() {
        secretsTransformer.set(ResourceTransformersTest.secrets(ResourceTransformersTest.config("- identity: {}")));
        await(storage.create(secrets + "a", bytes("hunter2")));
        assertThat(str(await(raw.get(secrets + "a")).value())).isEqualTo("hunter2");

        secretsTransformer.set(ResourceTransformersTest.secrets(ResourceTransformersTest.config(
                "- aesgcm: {keys: [{name: k, secret: %s}]}\n- identity: {}".formatted(NEW))));
        assertThat(str(await(storage.get(secrets + "a")).value())).isEqualTo("hunter2");
        assertThat(await(storage.rewriteStale(secrets))).isEqualTo(1);
        assertThat(str(await(raw.get(secrets + "a")).value())).startsWith("k8s:enc:aesgcm:v1:k:");
    }

    @Test
    void aWatchThatMeetsAnUnreadableValueEndsWithAnError() {
        RecordingWatchListener listener = new RecordingWatchListener();
        long from = await(storage.currentRevision());
        WatchSubscription watch = storage.watch(secrets, from, listener);
        try (watch) {
            await(raw.create(
                    secrets + "garbage", bytes("k8s:enc:aesgcm:v1:nobody:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")));
            StorageException error = listener.awaitError(WAIT);
            assertThat(error.reason()).isEqualTo(Reason.INTERNAL);
            assertThat(error).hasMessageContaining(secrets + "garbage");
            await(storage.create(secrets + "later", bytes("v")));
            listener.assertNoEvent(Duration.ofMillis(300));
        }
    }

    // ------------------------------------------------------------ helpers

    private static <T> T await(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("operation failed: " + e.getMessage(), e);
        }
    }

    private static StorageException failure(Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StorageException.class);
            return (StorageException) e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("expected a failure");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
