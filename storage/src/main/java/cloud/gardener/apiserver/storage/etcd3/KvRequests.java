package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.etcd.jetcd.api.Compare;
import io.etcd.jetcd.api.DeleteRangeRequest;
import io.etcd.jetcd.api.PutRequest;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RequestOp;
import io.etcd.jetcd.api.TxnRequest;
import java.util.List;

/**
 * The etcd requests this storage sends, built as gRPC messages directly: jetcd's {@code ByteSequence} copies
 * a value and hashes it whole in its constructor, and its {@code PutOp} does so again for the request, so an
 * 8.6 KB object was copied and hashed several times per write. Here the value is wrapped, not copied
 * ({@link UnsafeByteOperations#unsafeWrap}: the storage contract hands the array over and never changes it
 * afterwards), and written once, when gRPC serializes the message.
 */
final class KvRequests {

    private KvRequests() {}

    static ByteString key(String key) {
        return ByteString.copyFromUtf8(key);
    }

    /** Create-if-absent: {@code create_revision == 0}, then put. */
    static TxnRequest create(ByteString key, byte[] value) {
        return TxnRequest.newBuilder()
                .addCompare(Compare.newBuilder()
                        .setKey(key)
                        .setTarget(Compare.CompareTarget.CREATE)
                        .setResult(Compare.CompareResult.EQUAL)
                        .setCreateRevision(0))
                .addSuccess(RequestOp.newBuilder().setRequestPut(put(key, value)))
                .build();
    }

    /**
     * Compare-and-put; a failed compare reads the current pair in the else branch. With {@code readCreated}, the
     * create revision the result needs comes from a keys-only read before the put (a put keeps it), not from the
     * put's previous pair, which would bring the whole old value back on every update; etcd reads the stored pair
     * for a keys-only range too, so a caller that knows the create revision leaves it out.
     */
    static TxnRequest update(ByteString key, long expectedRevision, byte[] value, boolean readCreated) {
        TxnRequest.Builder txn = TxnRequest.newBuilder().addCompare(exists(key, expectedRevision));
        if (readCreated) {
            txn.addSuccess(RequestOp.newBuilder().setRequestRange(keyOnly(key)));
        }
        return txn.addSuccess(RequestOp.newBuilder().setRequestPut(put(key, value)))
                .addFailure(RequestOp.newBuilder().setRequestRange(get(key)))
                .build();
    }

    /** Compare-and-delete returning the deleted pair; a failed compare reads the current one. */
    static TxnRequest delete(ByteString key, long expectedRevision) {
        return TxnRequest.newBuilder()
                .addCompare(exists(key, expectedRevision))
                .addSuccess(RequestOp.newBuilder()
                        .setRequestDeleteRange(
                                DeleteRangeRequest.newBuilder().setKey(key).setPrevKv(true)))
                .addFailure(RequestOp.newBuilder().setRequestRange(get(key)))
                .build();
    }

    /** Several linearizable range reads in one read-only transaction (etcd answers them at one revision). */
    static TxnRequest reads(List<RangeRequest> ranges) {
        TxnRequest.Builder txn = TxnRequest.newBuilder();
        for (RangeRequest range : ranges) {
            txn.addSuccess(RequestOp.newBuilder().setRequestRange(range));
        }
        return txn.build();
    }

    /** A linearizable read of one key (serializable stays false). */
    static RangeRequest get(ByteString key) {
        return RangeRequest.newBuilder().setKey(key).build();
    }

    /** A linearizable read of one key's pair without its value: its revisions (serializable stays false). */
    static RangeRequest keyOnly(ByteString key) {
        return RangeRequest.newBuilder().setKey(key).setKeysOnly(true).build();
    }

    /** A linearizable read of {@code [start, end)} at {@code revision} (0: the current one). */
    static RangeRequest range(ByteString start, ByteString end, long revision, long limit) {
        return RangeRequest.newBuilder()
                .setKey(start)
                .setRangeEnd(end)
                .setRevision(revision)
                .setLimit(limit)
                .build();
    }

    /** A linearizable read of every pair under {@code prefix} without values: their keys and revisions. */
    static RangeRequest keysOnly(ByteString prefix) {
        return RangeRequest.newBuilder()
                .setKey(prefix)
                .setRangeEnd(prefixEnd(prefix))
                .setKeysOnly(true)
                .build();
    }

    /** Reads only the header (and a count) of {@code key}: the current revision from a quorum read. */
    static RangeRequest countOnly(ByteString key) {
        return RangeRequest.newBuilder().setKey(key).setCountOnly(true).build();
    }

    /** The smallest key after every key that starts with {@code prefix} (clientv3's GetPrefixRangeEnd). */
    static ByteString prefixEnd(ByteString prefix) {
        byte[] end = prefix.toByteArray();
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xff) {
                end[i]++;
                return ByteString.copyFrom(end, 0, i + 1);
            }
        }
        // Every byte is 0xff (or no byte): the range runs to the end of the key space.
        return ByteString.copyFrom(new byte[] {0});
    }

    private static PutRequest put(ByteString key, byte[] value) {
        return PutRequest.newBuilder()
                .setKey(key)
                .setValue(UnsafeByteOperations.unsafeWrap(value))
                .build();
    }

    /** The key exists ({@code expectedRevision} 0) or was last written at {@code expectedRevision}. */
    private static Compare exists(ByteString key, long expectedRevision) {
        Compare.Builder cmp = Compare.newBuilder().setKey(key);
        if (expectedRevision == 0) {
            return cmp.setTarget(Compare.CompareTarget.VERSION)
                    .setResult(Compare.CompareResult.GREATER)
                    .setVersion(0)
                    .build();
        }
        return cmp.setTarget(Compare.CompareTarget.MOD)
                .setResult(Compare.CompareResult.EQUAL)
                .setModRevision(expectedRevision)
                .build();
    }
}
