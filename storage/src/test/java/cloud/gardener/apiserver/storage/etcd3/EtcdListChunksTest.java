package cloud.gardener.apiserver.storage.etcd3;

import static cloud.gardener.apiserver.storage.testing.VertxExtension.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.VertxExtension;
import cloud.gardener.apiserver.storage.value.AesGcmTransformer;
import cloud.gardener.apiserver.storage.value.PrefixTransformer;
import cloud.gardener.apiserver.storage.value.PrefixTransformers;
import cloud.gardener.apiserver.storage.value.TransformingStorage;
import io.etcd.jetcd.api.KVGrpc;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An unlimited list on etcd read in chunks ({@link EtcdStorage#listChunked}): the same items, revisions and order
 * as the whole list, all at the first chunk's revision, each chunk read only when asked, with filters, through
 * encryption at rest, and a limited request still one page with its continuation.
 */
@Tag("integration")
class EtcdListChunksTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @RegisterExtension
    static final VertxExtension VERTX = new VertxExtension();

    private static final int VALUES = 2500;
    private static final int CHUNK = 1000;
    private static String prefix;

    @BeforeAll
    static void fill() {
        prefix = ETCD.newPrefix();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config())) {
            List<Future<StoredObject>> created = new ArrayList<>();
            for (int i = 0; i < VALUES; i++) {
                created.add(storage.create(key(i), bytes("value-" + i)));
                if (created.size() == 200) {
                    await(Future.all(created));
                    created.clear();
                }
            }
            await(Future.all(created));
        }
    }

    private static String key(int i) {
        return prefix + "v%05d".formatted(i);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Every chunk of {@code chunked}, the first page's items first. */
    private static List<List<StoredObject>> chunks(ChunkedList chunked) {
        List<List<StoredObject>> chunks = new ArrayList<>();
        chunks.add(chunked.first().items());
        for (List<StoredObject> next = await(chunked.rest().next());
                !next.isEmpty();
                next = await(chunked.rest().next())) {
            chunks.add(next);
        }
        return chunks;
    }

    private static List<String> described(List<StoredObject> items) {
        return items.stream()
                .map(o -> o.key() + "=" + new String(o.value(), StandardCharsets.UTF_8) + "@" + o.modRevision() + "/"
                        + o.createRevision())
                .toList();
    }

    private static List<StoredObject> flat(List<List<StoredObject>> chunks) {
        return chunks.stream().flatMap(List::stream).toList();
    }

    @Test
    void anUnlimitedListComesInChunksOfTheWholeListsItemsAtOneRevision() {
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(), CHUNK)) {
            ListPage whole = await(storage.list(ListRequest.all(prefix)));
            ChunkedList chunked = await(storage.listChunked(ListRequest.all(prefix)));
            // written after the first chunk: not in the list, which is read at the first chunk's revision
            await(storage.create(prefix + "zz-later", bytes("later")));
            await(storage.delete(key(VALUES - 1), 0));
            List<List<StoredObject>> chunks = chunks(chunked);

            assertThat(chunks).extracting(List::size).containsExactly(1000, 1000, 500);
            assertThat(chunked.first().revision()).isEqualTo(whole.revision());
            assertThat(chunked.first().nextKey()).isNull();
            assertThat(described(flat(chunks))).isEqualTo(described(whole.items()));
            assertThat(await(chunked.rest().next())).as("after the end").isEmpty();
            await(storage.create(key(VALUES - 1), bytes("value-" + (VALUES - 1))));
            await(storage.delete(prefix + "zz-later", 0));
        }
    }

    @Test
    void eachChunkIsReadOnlyWhenAskedFor() {
        RangeCounter ranges = new RangeCounter();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(ranges), CHUNK)) {
            ChunkedList chunked = await(storage.listChunked(ListRequest.all(prefix)));
            assertThat(ranges.count.get()).isEqualTo(1);
            assertThat(chunked.first().items()).hasSize(CHUNK);
            assertThat(await(chunked.rest().next())).hasSize(CHUNK);
            assertThat(ranges.count.get()).isEqualTo(2);
            assertThat(await(chunked.rest().next())).hasSize(500);
            assertThat(ranges.count.get()).isEqualTo(3);
            assertThat(await(chunked.rest().next())).isEmpty();
            assertThat(ranges.count.get())
                    .as("the end is known without another read")
                    .isEqualTo(3);
        }
    }

    @Test
    void aFilteredListHasNoEmptyChunkBeforeItsEndAndTheWholeListsMatches() {
        // matches only in the first and the last thousand: the chunk between has none and is read on
        Predicate<StoredObject> sparse = o -> {
            int i = Integer.parseInt(o.key().substring(o.key().length() - 5));
            return i % 97 == 0 && (i < 1000 || i >= 2000);
        };
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(), CHUNK)) {
            ListRequest request = new ListRequest(prefix, 0, 0, null, sparse);
            ListPage whole = await(storage.list(request));
            List<List<StoredObject>> chunks = chunks(await(storage.listChunked(request)));
            assertThat(chunks).hasSize(2).allSatisfy(chunk -> assertThat(chunk).isNotEmpty());
            assertThat(described(flat(chunks))).isEqualTo(described(whole.items()));

            ChunkedList none = await(storage.listChunked(new ListRequest(prefix, 0, 0, null, o -> false)));
            assertThat(none.first().items()).isEmpty();
            assertThat(none.rest()).isSameAs(ItemChunks.NONE);
        }
    }

    @Test
    void aLimitedListIsOnePageWithItsContinuation() {
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(), CHUNK)) {
            ListRequest request = new ListRequest(prefix, 0, 1500, null, null);
            ListPage page = await(storage.list(request));
            ChunkedList chunked = await(storage.listChunked(request));
            assertThat(chunked.rest()).isSameAs(ItemChunks.NONE);
            assertThat(described(chunked.first().items())).isEqualTo(described(page.items()));
            assertThat(chunked.first().nextKey()).isEqualTo(key(1499) + "\0");
            assertThat(chunked.first().remainingItemCount()).isEqualTo(1000L);
        }
    }

    @Test
    void encryptedValuesAreDecryptedChunkByChunk() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        var aesgcm = new PrefixTransformers(
                "no matching prefix found",
                List.of(new PrefixTransformer(
                        "k8s:enc:aesgcm:v1:",
                        new PrefixTransformers(
                                "no matching key",
                                List.of(new PrefixTransformer("key1:", new AesGcmTransformer(key)))))));
        String encrypted = ETCD.newPrefix();
        try (Storage storage = TransformingStorage.byKeyPrefix(
                new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(), 100), Map.of("/", aesgcm))) {
            List<Future<StoredObject>> created = new ArrayList<>();
            for (int i = 0; i < 250; i++) {
                created.add(storage.create(encrypted + "e%03d".formatted(i), bytes("secret-" + i)));
            }
            await(Future.all(created));
            Predicate<StoredObject> odd = o -> new String(o.value(), StandardCharsets.UTF_8).endsWith("1");
            for (Predicate<StoredObject> filter : List.of(o -> true, odd)) {
                ListRequest request = new ListRequest(encrypted, 0, 0, null, filter);
                ListPage whole = await(storage.list(request));
                List<List<StoredObject>> chunks = chunks(await(storage.listChunked(request)));
                assertThat(chunks.size()).isGreaterThan(1);
                assertThat(described(flat(chunks))).isEqualTo(described(whole.items()));
                assertThat(flat(chunks))
                        .allSatisfy(o -> assertThat(new String(o.value(), StandardCharsets.UTF_8))
                                .startsWith("secret-"));
            }
        }
    }

    @Test
    void aChunkAfterTheRevisionWasCompactedFailsCompacted() {
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(), CHUNK)) {
            ChunkedList chunked = await(storage.listChunked(ListRequest.all(prefix)));
            StoredObject later = await(storage.create(prefix + "zz-compact", bytes("x")));
            await(storage.compact(later.modRevision()));
            assertThatThrownBy(() -> await(chunked.rest().next()))
                    .isInstanceOfSatisfying(
                            StorageException.class,
                            e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.COMPACTED));
            await(storage.delete(prefix + "zz-compact", 0));
        }
    }

    /** Counts etcd's Range calls. */
    private static final class RangeCounter implements ClientInterceptor {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            if (method.getFullMethodName().equals(KVGrpc.getRangeMethod().getFullMethodName())) {
                count.incrementAndGet();
            }
            return next.newCall(method, options);
        }
    }
}
