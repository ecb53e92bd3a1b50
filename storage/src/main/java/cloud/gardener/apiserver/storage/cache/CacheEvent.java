package cloud.gardener.apiserver.storage.cache;

import cloud.gardener.apiserver.storage.WatchEvent;

/**
 * One change as the cache keeps it in its window: the event every watcher is handed (one instance, shared),
 * the attributes of the object after it and before it, and when it was recorded (for sizing the window).
 *
 * @param event        the event; its {@code previous} is the cache's own copy of the object, so no bytes are doubled
 * @param attributes   the attributes of {@code event.object()}
 * @param before       the object before the change as the cache held it, or null if it did not exist
 * @param recordedNanos {@link System#nanoTime()} when the cache applied it
 */
record CacheEvent(WatchEvent event, ObjectAttributes attributes, CachedObject before, long recordedNanos) {

    long revision() {
        return event.revision();
    }

    String key() {
        return event.key();
    }
}
