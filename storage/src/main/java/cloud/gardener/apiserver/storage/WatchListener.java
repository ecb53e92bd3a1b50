package cloud.gardener.apiserver.storage;

/**
 * Receives the events of one watch. Calls arrive one at a time, in revision order, on a thread of the
 * store's choosing; a listener that talks to a connection hops to that connection's context itself.
 */
public interface WatchListener {

    /** A change. */
    void onEvent(WatchEvent event);

    /**
     * Whether events must bring the value before each change ({@link WatchEvent#previous()}, and a DELETE's object).
     * A listener that keeps every object it was given (a watch cache) knows them and answers false: a store may then
     * leave them out (etcd need not send, nor this server parse, a second copy of the value with every update; as
     * kube-apiserver's watch cache, which takes the previous object from its own store); a PUT's previous is then
     * null and a DELETE's object carries no value.
     */
    default boolean needsPrevious() {
        return true;
    }

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
