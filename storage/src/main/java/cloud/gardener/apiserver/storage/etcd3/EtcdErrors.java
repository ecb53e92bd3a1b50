package cloud.gardener.apiserver.storage.etcd3;

import cloud.gardener.apiserver.storage.StorageException;
import io.etcd.jetcd.common.exception.ClosedClientException;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one place where jetcd and gRPC failures become {@link StorageException}s. */
final class EtcdErrors {

    /** etcd's text for a read or watch below the compacted revision. */
    static final String COMPACTED_MESSAGE = "required revision has been compacted";
    /** gRPC's sizes in a refused oversized message: {@code larger than max (<size> vs. <limit>)}. */
    private static final Pattern GRPC_SIZES = Pattern.compile("larger than max \\((\\d+) vs\\. (\\d+)\\)");
    /** etcd's text for a read or compaction above the current revision. */
    static final String FUTURE_REVISION_MESSAGE = "required revision is a future revision";

    private EtcdErrors() {}

    /** Strips the wrappers futures put around the failure that matters. */
    static Throwable unwrap(Throwable t) {
        Throwable cur = t;
        while ((cur instanceof CompletionException || cur instanceof ExecutionException) && cur.getCause() != null) {
            cur = cur.getCause();
        }
        return cur;
    }

    static boolean isCompacted(Throwable t) {
        Throwable cause = unwrap(t);
        return cause instanceof CompactedException || messageContains(cause, COMPACTED_MESSAGE);
    }

    static boolean isFutureRevision(Throwable t) {
        return messageContains(unwrap(t), FUTURE_REVISION_MESSAGE);
    }

    /**
     * Maps a failure. COMPACTED and TOO_LARGE_RESOURCE_VERSION need revisions the error does not carry;
     * callers that can learn them handle {@link #isCompacted}/{@link #isFutureRevision} first and pass
     * what they know here.
     */
    static StorageException toStorageException(Throwable t, long requestedRevision, long compactedRevision) {
        Throwable cause = unwrap(t);
        if (cause instanceof StorageException se) {
            return se;
        }
        if (cause instanceof CompactedException ce) {
            return StorageException.compacted(requestedRevision, ce.getCompactedRevision());
        }
        if (messageContains(cause, COMPACTED_MESSAGE)) {
            return StorageException.compacted(requestedRevision, compactedRevision);
        }
        if (messageContains(cause, FUTURE_REVISION_MESSAGE)) {
            // The current revision is not in the error; callers that need it read it (revision 0: unknown).
            return StorageException.tooLargeResourceVersion(requestedRevision, 0);
        }
        if (isRequestTooLarge(cause)) {
            return StorageException.requestTooLarge(null, requestTooLargeMessage(cause), cause);
        }
        if (cause instanceof TimeoutException) {
            return StorageException.unavailable("etcd request timed out; its outcome is unknown", cause);
        }
        if (cause instanceof ClosedClientException) {
            return StorageException.unavailable("etcd client is closed", cause);
        }
        Status.Code code = grpcCode(cause);
        if (code == null) {
            return StorageException.internal("etcd request failed: " + cause, cause);
        }
        return switch (code) {
            case DEADLINE_EXCEEDED ->
                StorageException.unavailable(
                        "etcd request timed out; its outcome is unknown: " + cause.getMessage(), cause);
            case UNAVAILABLE, CANCELLED, ABORTED ->
                StorageException.unavailable("etcd is unavailable: " + cause.getMessage(), cause);
            // grpc-java reports a connection lost mid-call (a member going away) as UNKNOWN "channel closed":
            // the answer is lost, not refused, so the outcome is unknown as for a timeout.
            case UNKNOWN ->
                messageContains(cause, "channel closed")
                        ? StorageException.unavailable(
                                "etcd connection closed; the outcome is unknown: " + cause.getMessage(), cause)
                        : StorageException.internal("etcd request failed: " + cause.getMessage(), cause);
            default -> StorageException.internal("etcd request failed: " + cause.getMessage(), cause);
        };
    }

    /**
     * Whether a broken watch stream may be opened again: the connection failed (the gRPC codes jetcd
     * itself resumes on, plus timeouts), as opposed to etcd refusing the watch.
     */
    static boolean isTransientStreamFailure(Throwable t) {
        Throwable cause = unwrap(t);
        if (cause instanceof CompactedException || cause instanceof ClosedClientException) {
            return false;
        }
        Status.Code code = grpcCode(cause);
        return code == Status.Code.UNAVAILABLE
                || code == Status.Code.INTERNAL
                || code == Status.Code.DEADLINE_EXCEEDED
                || code == Status.Code.CANCELLED;
    }

    /**
     * k8s.io/apiserver's {@code isTooLargeError}: etcd refusing a request over {@code --max-request-bytes}
     * (INVALID_ARGUMENT), or gRPC refusing to send a message over its own limit (RESOURCE_EXHAUSTED).
     */
    static boolean isRequestTooLarge(Throwable cause) {
        Status.Code code = grpcCode(cause);
        return (code == Status.Code.INVALID_ARGUMENT
                        && messageContains(cause, StorageException.REQUEST_TOO_LARGE_MESSAGE))
                || (code == Status.Code.RESOURCE_EXHAUSTED && messageContains(cause, "message larger than max"));
    }

    /**
     * The text kube-apiserver shows. Over etcd's gRPC limit (--max-request-bytes plus 512 KiB, 2 MiB by default)
     * Go's etcd client refuses to send, with its default send limit of the same 2 MiB:
     * {@code rpc error: code = ResourceExhausted desc = trying to send message larger than max (N vs. 2097152)}.
     * jetcd sends and etcd's server refuses with the same sizes, so its text is rewritten to the client's.
     */
    private static String requestTooLargeMessage(Throwable cause) {
        if (grpcCode(cause) != Status.Code.RESOURCE_EXHAUSTED) {
            return StorageException.REQUEST_TOO_LARGE_MESSAGE;
        }
        for (Throwable cur = cause; cur != null && cur.getCause() != cur; cur = cur.getCause()) {
            Matcher sizes = GRPC_SIZES.matcher(cur.getMessage() == null ? "" : cur.getMessage());
            if (sizes.find()) {
                return "rpc error: code = ResourceExhausted desc = trying to send message larger than max ("
                        + sizes.group(1) + " vs. " + sizes.group(2) + ")";
            }
        }
        return StorageException.REQUEST_TOO_LARGE_MESSAGE;
    }

    static StorageException toStorageException(Throwable t) {
        return toStorageException(t, 0, 0);
    }

    private static Status.Code grpcCode(Throwable cause) {
        if (cause instanceof EtcdException ee) {
            ErrorCode code = ee.getErrorCode();
            return code == null ? null : Status.Code.valueOf(code.name());
        }
        if (cause instanceof StatusRuntimeException || cause instanceof StatusException) {
            return Status.fromThrowable(cause).getCode();
        }
        Status status = Status.fromThrowable(cause);
        return status.getCode() == Status.Code.UNKNOWN ? null : status.getCode();
    }

    private static boolean messageContains(Throwable t, String text) {
        for (Throwable cur = t; cur != null; cur = cur.getCause()) {
            if (cur.getMessage() != null && cur.getMessage().contains(text)) {
                return true;
            }
            if (cur.getCause() == cur) {
                break;
            }
        }
        return false;
    }
}
