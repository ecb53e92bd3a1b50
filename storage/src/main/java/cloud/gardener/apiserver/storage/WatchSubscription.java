package cloud.gardener.apiserver.storage;

/** A running watch; closing it stops delivery and frees the server-side watch. */
public interface WatchSubscription extends AutoCloseable {

    /** Asks the store to report progress soon (a later {@link WatchListener#onProgress} call). */
    void requestProgress();

    @Override
    void close();
}
