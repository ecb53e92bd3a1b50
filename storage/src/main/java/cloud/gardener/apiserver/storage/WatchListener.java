package cloud.gardener.apiserver.storage;

/**
 * Receives the events of one watch. Calls arrive one at a time, in revision order, on a thread of the
 * store's choosing; a listener that talks to a connection hops to that connection's context itself.
 */
public interface WatchListener {

    /** A change. */
    void onEvent(WatchEvent event);

    /** Every change up to and including {@code revision} has been delivered (becomes a BOOKMARK). */
    void onProgress(long revision);

    /**
     * The watch ended by failure; no call follows. A start revision that was compacted arrives here as
     * {@link StorageException.Reason#COMPACTED}.
     */
    void onError(StorageException error);

    /**
     * The server ended the watch without a failure of the store, as kube-apiserver's cacher closes a watch
     * (a watcher that fell too far behind, a watch cache that re-lists): the client should watch again from
     * the last revision it saw. No call follows. Listeners that cannot end a watch quietly get it as
     * UNAVAILABLE, so that the watch ends rather than hangs.
     */
    default void onTerminated(String why) {
        onError(StorageException.unavailable(why, null));
    }
}
