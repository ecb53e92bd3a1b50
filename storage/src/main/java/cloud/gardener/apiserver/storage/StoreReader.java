package cloud.gardener.apiserver.storage;

import io.vertx.core.Future;
import java.util.function.Function;

/**
 * The read side of the storage contract: what serving a get, a list or a watch needs. {@link Storage} is one; a
 * watch cache in front of it (serving reads from memory once synced) is meant to be another, so the registry's
 * stores read through this interface and write through {@link Storage}.
 */
public interface StoreReader {

    /** Reads the latest value (a quorum read). */
    Future<StoredObject> get(String key);

    /**
     * Reads the key's modification revision alone, as {@link #get} would find it (a quorum read); NOT_FOUND when the
     * key does not exist. A cache holding the key at that revision holds the stored bytes of its current value (a key
     * and a mod revision name one write): etcd then sends no value. Whether the cache's copy is also what {@link #get}
     * would answer now is {@link #readsAlike}.
     */
    default Future<Long> modRevision(String key) {
        return get(key).map(StoredObject::modRevision);
    }

    /**
     * Whether a {@link #get} of {@code held}'s key, finding the stored bytes {@code held} was read from, would answer
     * {@code held}'s value: it would read them as they were read then ({@link StoredObject#readWith}). Not so where
     * encryption at rest's transformer of the key was replaced since (a configuration without the key that wrote the
     * bytes does not read them at all, kube-apiserver's 500 'unable to transform key'). By default: whether
     * {@code held} is the store's own bytes, which a store that transforms nothing reads alike.
     */
    default boolean readsAlike(StoredObject held) {
        return held.readWith() == null;
    }

    /**
     * The keys under {@code prefix} with their modification revisions, as an unlimited {@link #list} of the prefix would
     * find them now (a quorum read), without their values: what a cache compares its copies with to answer a
     * consistent list itself, where etcd then sends no values. By default that list.
     */
    default Future<RangeRevisions> rangeRevisions(String prefix) {
        return list(ListRequest.all(prefix)).map(RangeRevisions::of);
    }

    /** Reads a range at one revision; see {@link ListRequest}. */
    Future<ListPage> list(ListRequest request);

    /**
     * {@link #list}, an unlimited list read in chunks where the store can (etcd): the first items, the rest read a
     * chunk at a time when asked, at the first one's revision, so that a streamed answer never holds the list. A
     * request with a limit is one page as {@link #list} reads it. By default the whole list is the first page.
     */
    default Future<ChunkedList> listChunked(ListRequest request) {
        return list(request).map(ChunkedList::whole);
    }

    /**
     * Watches one key, or every key under a prefix ending in {@code /}, delivering every change with a
     * revision greater than {@code afterRevision} (0: changes from now on).
     */
    WatchSubscription watch(String keyOrPrefix, long afterRevision, WatchListener listener);

    /** The store's current revision (a quorum read). */
    Future<Long> currentRevision();

    /**
     * The revision the store's history is known to be compacted to (0: none known, or not tracked): a watch cache
     * in front refuses watches and exact reads below it, as the store would.
     */
    default long compactedRevision() {
        return 0;
    }

    /**
     * Reads the key as fresh as {@code freshness} asks. Without a cache every freshness is served by a quorum
     * read; NotOlderThan (and Exact, which a GET treats alike) first checks the store has reached the revision,
     * else fails with TOO_LARGE_RESOURCE_VERSION.
     */
    default Future<StoredObject> get(String key, ReadFreshness freshness) {
        long atLeast = freshness.revision();
        if (atLeast == 0) {
            return get(key);
        }
        return currentRevision()
                .compose(current -> atLeast > current
                        ? Future.failedFuture(StorageException.tooLargeResourceVersion(atLeast, current))
                        : get(key));
    }

    /**
     * Reads a range as fresh as {@code freshness} asks; the request's own revision is ignored. Without a cache:
     * Consistent and Any read the latest revision, NotOlderThan checks the store has reached the revision (else
     * TOO_LARGE_RESOURCE_VERSION) and reads the latest, Exact reads at the revision.
     */
    default Future<ListPage> list(ListRequest request, ReadFreshness freshness) {
        return readFresh(request, freshness, this::list);
    }

    /** {@link #listChunked(ListRequest)} as fresh as {@code freshness} asks (see {@link #list(ListRequest, ReadFreshness)}). */
    default Future<ChunkedList> listChunked(ListRequest request, ReadFreshness freshness) {
        return readFresh(request, freshness, this::listChunked);
    }

    private <T> Future<T> readFresh(
            ListRequest request, ReadFreshness freshness, Function<ListRequest, Future<T>> read) {
        if (freshness instanceof ReadFreshness.Exact exact) {
            return read.apply(request.atRevision(exact.revision()));
        }
        long atLeast = freshness.revision();
        if (atLeast == 0) {
            return read.apply(request.atRevision(0));
        }
        return currentRevision()
                .compose(current -> atLeast > current
                        ? Future.failedFuture(StorageException.tooLargeResourceVersion(atLeast, current))
                        : read.apply(request.atRevision(0)));
    }
}
