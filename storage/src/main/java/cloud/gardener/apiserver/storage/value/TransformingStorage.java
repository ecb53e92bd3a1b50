package cloud.gardener.apiserver.storage.value;

import cloud.gardener.apiserver.storage.ChunkedList;
import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.RangeRevisions;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.UpdateFunction;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Encryption at rest as a {@link Storage} decorator: values of keys that have a transformer are
 * encrypted on the way in and decrypted on the way out (gets, lists and their filters, watch events
 * with their previous values, conflicts' current objects, guaranteed updates' inputs); other keys pass
 * through untouched. Callers see plaintext only; the store holds the envelopes.
 *
 * <p>The storage key is the authenticated data, so a value copied to another key does not decrypt.
 * A value that cannot be read (unknown envelope, wrong or removed key, tampering) fails the request
 * with INTERNAL, naming the key, rather than handing garbage to the decoder.
 *
 * <p>A guaranteed update compares plaintexts for its no-op check, but writes anyway when the stored
 * value is stale (written by an older provider or key), so that rewriting unchanged objects moves them
 * to the current key; {@link #rewriteStale} does that for every key under a prefix.
 */
public final class TransformingStorage implements Storage {

    private static final long REWRITE_PAGE = 500;
    private static final int REWRITE_ATTEMPTS = 10;

    private final Storage delegate;
    private final Function<String, Transformer> transformerForKey;

    /**
     * @param delegate          the store that holds the stored form; closed with this one
     * @param transformerForKey the transformer of a key, or null to leave its values untouched
     */
    public TransformingStorage(Storage delegate, Function<String, Transformer> transformerForKey) {
        this.delegate = delegate;
        this.transformerForKey = transformerForKey;
    }

    /** Encrypts the keys under each prefix with its transformer (the longest prefix wins). */
    public static TransformingStorage byKeyPrefix(Storage delegate, Map<String, Transformer> byPrefix) {
        return new TransformingStorage(delegate, new KeyPrefixTransformers(byPrefix));
    }

    /** The store underneath, which sees the stored (encrypted) form. */
    public Storage delegate() {
        return delegate;
    }

    // ---------------------------------------------------------------- writes

    @Override
    public Future<StoredObject> create(String key, byte[] value) {
        Transformer t = transformerForKey.apply(key);
        if (t == null) {
            return delegate.create(key, value);
        }
        return delegate.create(key, t.toStorage(value, context(key))).map(created -> withValue(created, value, t));
    }

    @Override
    public Future<StoredObject> update(String key, long expectedRevision, byte[] value) {
        return transformedUpdate(key, value, stored -> delegate.update(key, expectedRevision, stored));
    }

    @Override
    public Future<StoredObject> update(StoredObject current, byte[] value) {
        return transformedUpdate(current.key(), value, stored -> delegate.update(current, stored));
    }

    /** An update of {@code key} whose value {@code write} stores in the key's stored form; answered in plain form. */
    private Future<StoredObject> transformedUpdate(
            String key, byte[] value, Function<byte[], Future<StoredObject>> write) {
        Transformer t = transformerForKey.apply(key);
        if (t == null) {
            return write.apply(value);
        }
        return write.apply(t.toStorage(value, context(key)))
                .map(written -> withValue(written, value, t))
                .recover(failure -> plainFailure(t, failure));
    }

    @Override
    public Future<StoredObject> guaranteedUpdate(String key, UpdateFunction fn, int maxAttempts) {
        Transformer t = transformerForKey.apply(key);
        if (t == null) {
            return delegate.guaranteedUpdate(key, fn, maxAttempts);
        }
        byte[] context = context(key);
        UpdateFunction encrypting = stored -> {
            Decrypted current;
            try {
                current = t.fromStorage(stored.value(), context);
            } catch (TransformException e) {
                return Future.failedFuture(unreadable(key, e));
            }
            return fn.apply(withValue(stored, current.data(), t))
                    .map(next ->
                            // Equal plaintext is a no-op only when the stored value is current; a stale one is
                            // re-encrypted.
                            !current.stale() && Arrays.equals(next, current.data())
                                    ? stored.value()
                                    : t.toStorage(next, context));
        };
        return delegate.guaranteedUpdate(key, encrypting, maxAttempts)
                .map(result -> plain(t, result))
                .recover(failure -> plainFailure(t, failure));
    }

    @Override
    public Future<StoredObject> delete(String key, long expectedRevision) {
        Transformer t = transformerForKey.apply(key);
        if (t == null) {
            return delegate.delete(key, expectedRevision);
        }
        return delegate.delete(key, expectedRevision)
                .map(deleted -> plain(t, deleted))
                .recover(failure -> plainFailure(t, failure));
    }

    // ---------------------------------------------------------------- reads

    @Override
    public Future<Long> modRevision(String key) {
        return delegate.modRevision(key); // no value read, nothing to transform
    }

    @Override
    public Future<RangeRevisions> rangeRevisions(String prefix) {
        return delegate.rangeRevisions(prefix); // no value read, nothing to transform
    }

    /**
     * Whether {@code held} was read with the key's transformer of now (the same instance: a configuration read again
     * builds new ones, so any reload counts as a change), which reads the same stored bytes to the same value.
     */
    @Override
    public boolean readsAlike(StoredObject held) {
        Transformer t = transformerForKey.apply(held.key());
        return t == null ? delegate.readsAlike(held) : held.readWith() == t;
    }

    @Override
    public Future<StoredObject> get(String key) {
        Transformer t = transformerForKey.apply(key);
        if (t == null) {
            return delegate.get(key);
        }
        return delegate.get(key).map(stored -> plain(t, stored));
    }

    @Override
    public Future<ListPage> list(ListRequest request) {
        Map<StoredObject, StoredObject> kept = Collections.synchronizedMap(new IdentityHashMap<>());
        return delegate.list(plainFiltered(request, kept))
                .map(page -> new ListPage(
                        plainItems(page.items(), kept), page.revision(), page.nextKey(), page.remainingItemCount()));
    }

    /** {@link #list}, each chunk decrypted as it is read. */
    @Override
    public Future<ChunkedList> listChunked(ListRequest request) {
        Map<StoredObject, StoredObject> kept = Collections.synchronizedMap(new IdentityHashMap<>());
        return delegate.listChunked(plainFiltered(request, kept)).map(chunked -> {
            ListPage page = chunked.first();
            ListPage plain = new ListPage(
                    plainItems(page.items(), kept), page.revision(), page.nextKey(), page.remainingItemCount());
            return new ChunkedList(
                    plain,
                    chunked.rest() == ItemChunks.NONE
                            ? ItemChunks.NONE
                            : chunked.rest().map(items -> plainItems(items, kept)));
        });
    }

    /**
     * The request with a filter that sees plaintext; what it kept is remembered in {@code kept} so that no item is
     * decrypted twice ({@link #plainItems}).
     */
    private ListRequest plainFiltered(ListRequest request, Map<StoredObject, StoredObject> kept) {
        Predicate<StoredObject> filter = request.filter();
        Predicate<StoredObject> plainFilter = filter == null
                ? null
                : stored -> {
                    StoredObject p = plain(stored);
                    boolean keep = filter.test(p);
                    if (keep) {
                        kept.put(stored, p);
                    }
                    return keep;
                };
        return new ListRequest(request.prefix(), request.revision(), request.limit(), request.startKey(), plainFilter);
    }

    /** The items decrypted, those the filter kept taken from {@code kept} (and forgotten there: read once). */
    private List<StoredObject> plainItems(List<StoredObject> stored, Map<StoredObject, StoredObject> kept) {
        List<StoredObject> items = new ArrayList<>(stored.size());
        for (StoredObject s : stored) {
            StoredObject p = kept.remove(s);
            items.add(p != null ? p : plain(s));
        }
        return items;
    }

    @Override
    public WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener) {
        DecryptingListener decrypting = new DecryptingListener(listener);
        WatchSubscription inner = delegate.watch(keyOrPrefix, afterRevision, decrypting);
        decrypting.attach(inner);
        return inner;
    }

    /** Decrypts events; a value it cannot read ends the watch with that error. */
    private final class DecryptingListener implements WatchListener {
        private final WatchListener listener;
        private final AtomicBoolean failed = new AtomicBoolean();
        private final AtomicReference<WatchSubscription> subscription = new AtomicReference<>();

        DecryptingListener(WatchListener listener) {
            this.listener = listener;
        }

        void attach(WatchSubscription inner) {
            subscription.set(inner);
            if (failed.get()) {
                inner.close();
            }
        }

        @Override
        public void onEvent(WatchEvent event) {
            if (failed.get()) {
                return;
            }
            WatchEvent plainEvent;
            try {
                plainEvent = new WatchEvent(
                        event.type(),
                        event.key(),
                        plainOrEmpty(event.object()),
                        event.previous() == null ? null : plain(event.previous()));
            } catch (StorageException e) {
                fail(e);
                return;
            }
            listener.onEvent(plainEvent);
        }

        @Override
        public boolean needsPrevious() {
            return listener.needsPrevious();
        }

        @Override
        public void onProgress(long revision) {
            if (!failed.get()) {
                listener.onProgress(revision);
            }
        }

        @Override
        public void onError(StorageException error) {
            if (failed.compareAndSet(false, true)) {
                listener.onError(error);
            }
        }

        private void fail(StorageException error) {
            if (failed.compareAndSet(false, true)) {
                WatchSubscription inner = subscription.get();
                if (inner != null) {
                    inner.close();
                }
                listener.onError(error);
            }
        }

        /** A delete whose previous value etcd no longer had carries an empty value: nothing to decrypt. */
        private StoredObject plainOrEmpty(StoredObject stored) {
            return stored.value().length == 0 ? stored : plain(stored);
        }
    }

    // ---------------------------------------------------------------- rotation

    /**
     * Re-encrypts, with the current write transformer, every value under {@code prefix} that was
     * written by an older provider or key (or in plaintext, where identity is no longer first): the
     * "rewrite all objects" step of key rotation. Each rewrite is a guaranteed update that keeps the
     * plaintext, so concurrent writers are never overwritten. Keys without a transformer are skipped.
     *
     * @return how many values were rewritten
     */
    public Future<Integer> rewriteStale(String prefix) {
        AtomicInteger rewritten = new AtomicInteger();
        return rewritePage(prefix, null, rewritten).map(v -> rewritten.get());
    }

    private Future<Void> rewritePage(String prefix, String startKey, AtomicInteger rewritten) {
        return delegate.list(new ListRequest(prefix, 0, REWRITE_PAGE, startKey, null))
                .compose(page -> {
                    List<String> stale = new ArrayList<>();
                    for (StoredObject stored : page.items()) {
                        Transformer t = transformerForKey.apply(stored.key());
                        if (t != null && decrypt(t, stored).stale()) {
                            stale.add(stored.key());
                        }
                    }
                    Future<Void> done = rewriteKeys(stale, 0, rewritten);
                    return page.hasMore() ? done.compose(v -> rewritePage(prefix, page.nextKey(), rewritten)) : done;
                });
    }

    private Future<Void> rewriteKeys(List<String> keys, int index, AtomicInteger rewritten) {
        if (index >= keys.size()) {
            return Future.succeededFuture();
        }
        String key = keys.get(index);
        Transformer t = transformerForKey.apply(key);
        byte[] context = context(key);
        return delegate.guaranteedUpdate(
                        key,
                        stored -> {
                            Decrypted current;
                            try {
                                current = t.fromStorage(stored.value(), context);
                            } catch (TransformException e) {
                                return Future.failedFuture(unreadable(key, e));
                            }
                            return Future.succeededFuture(
                                    current.stale() ? t.toStorage(current.data(), context) : stored.value());
                        },
                        REWRITE_ATTEMPTS)
                .<Void>map(written -> {
                    rewritten.incrementAndGet();
                    return null;
                })
                .recover(failure ->
                        failure instanceof StorageException se && se.reason() == StorageException.Reason.NOT_FOUND
                                ? Future.succeededFuture()
                                : Future.failedFuture(failure))
                .compose(v -> rewriteKeys(keys, index + 1, rewritten));
    }

    // ---------------------------------------------------------------- pass-through

    @Override
    public Future<Long> currentRevision() {
        return delegate.currentRevision();
    }

    @Override
    public long compactedRevision() {
        return delegate.compactedRevision();
    }

    @Override
    public Future<Void> compact(long revision) {
        return delegate.compact(revision);
    }

    @Override
    public Future<Void> ping() {
        return delegate.ping();
    }

    @Override
    public void close() {
        delegate.close();
    }

    // ---------------------------------------------------------------- plumbing

    /** The plaintext form of a stored object whose key may or may not have a transformer. */
    private StoredObject plain(StoredObject stored) {
        Transformer t = transformerForKey.apply(stored.key());
        return t == null ? stored : plain(t, stored);
    }

    private static StoredObject plain(Transformer t, StoredObject stored) {
        return withValue(stored, decrypt(t, stored).data(), t);
    }

    private static Decrypted decrypt(Transformer t, StoredObject stored) {
        try {
            return t.fromStorage(stored.value(), context(stored.key()));
        } catch (TransformException e) {
            throw unreadable(stored.key(), e);
        }
    }

    /** A conflict carries the current object: callers retry with it, so it must be plaintext too. */
    private static <T> Future<T> plainFailure(Transformer t, Throwable failure) {
        if (failure instanceof StorageException se
                && se.reason() == StorageException.Reason.CONFLICT
                && se.current() != null) {
            return Future.failedFuture(new StorageException(
                    se.reason(), se.key(), se.revision(), plain(t, se.current()), se.getMessage(), se.getCause()));
        }
        return Future.failedFuture(failure);
    }

    private static StorageException unreadable(String key, TransformException e) {
        return StorageException.internal("unable to transform key \"" + key + "\": " + e.getMessage(), e);
    }

    /** {@code stored} with its plaintext, read (or written) with {@code t}. */
    private static StoredObject withValue(StoredObject stored, byte[] value, Transformer t) {
        return new StoredObject(stored.key(), value, stored.modRevision(), stored.createRevision(), t);
    }

    private static byte[] context(String key) {
        return key.getBytes(StandardCharsets.UTF_8);
    }
}
