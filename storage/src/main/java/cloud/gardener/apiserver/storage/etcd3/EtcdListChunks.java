package cloud.gardener.apiserver.storage.etcd3;

import cloud.gardener.apiserver.storage.ItemChunks;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoredObject;
import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeResponse;
import io.vertx.core.Future;
import io.vertx.core.internal.ContextInternal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * An unlimited list on etcd read a chunk at a time (Go's storage/etcd3 store reads such a list in pages of
 * {@code limit} too, but all before it answers): each {@link #next} is one or more range reads at the list's
 * revision, each of at most {@code chunk} values, from the key after the last one read, until one matches the
 * filter or the range ends. Only the values of the chunk being read are held, never the list.
 */
final class EtcdListChunks implements ItemChunks {

    private final EtcdStorage storage;
    private final ListRequest request;
    private final ByteString end;
    private final long chunk;
    /** The revision of the first read: every later read is at it (a consistent snapshot). 0 until then. */
    private long revision;
    /** Where the next read starts; null once the range has ended. */
    private String nextKey;

    EtcdListChunks(EtcdStorage storage, ListRequest request, ByteString end, long chunk) {
        this.storage = storage;
        this.request = request;
        this.end = end;
        this.chunk = chunk;
        this.revision = request.revision();
        this.nextKey = request.startKey() != null ? request.startKey() : request.prefix();
    }

    /** The revision the list is read at: the request's, else the first read's. */
    long revision() {
        return revision;
    }

    /** Whether the range has been read to its end. */
    boolean ended() {
        return nextKey == null;
    }

    @Override
    public Future<List<StoredObject>> next() {
        ContextInternal ctx = storage.callerContext();
        if (nextKey == null) {
            return ctx.succeededFuture(List.of());
        }
        return read(ctx).recover(failure -> storage.listFailure(ctx, request.atRevision(revision), failure));
    }

    private Future<List<StoredObject>> read(ContextInternal ctx) {
        return storage.range(ctx, nextKey, end, revision, chunk).compose(resp -> {
            if (revision == 0) {
                revision = resp.getHeader().getRevision();
            }
            List<KeyValue> kvs = resp.getKvsList();
            nextKey = resp.getMore() && !kvs.isEmpty()
                    ? kvs.get(kvs.size() - 1).getKey().toStringUtf8() + "\0"
                    : null;
            List<StoredObject> matched = matches(resp);
            return matched.isEmpty() && nextKey != null ? read(ctx) : ctx.succeededFuture(matched);
        });
    }

    private List<StoredObject> matches(RangeResponse resp) {
        Predicate<StoredObject> filter = request.filter();
        List<StoredObject> matched = new ArrayList<>(filter == null ? resp.getKvsCount() : 16);
        for (KeyValue kvp : resp.getKvsList()) {
            StoredObject obj = EtcdStorage.stored(kvp.getKey().toStringUtf8(), kvp);
            if (filter == null || filter.test(obj)) {
                matched.add(obj);
            }
        }
        return matched;
    }
}
