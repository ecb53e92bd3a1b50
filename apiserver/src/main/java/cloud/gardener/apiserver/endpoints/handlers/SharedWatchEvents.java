package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The recent storage changes as every watch of a server sees them: each change decoded once, and each rendering of
 * it (event type, API version, content type, framing) encoded once; every watcher that receives the same rendering
 * writes the same buffer. A change is known by its key and revision, so watches fed by separate storage watches
 * (etcd) share too. The memo keeps the latest changes up to a byte budget; a watcher that lags further behind than
 * that decodes and encodes for itself.
 *
 * <p>Watches on several event loops use it at once: the trees it hands out are shared and must not be changed.
 */
final class SharedWatchEvents {

    /** About two seconds of a burst of 8 KiB objects at a few thousand writes per second. */
    static final long DEFAULT_BUDGET_BYTES = 16L * 1024 * 1024;

    private record ChangeId(String key, long revision, WatchEvent.Type type) {}

    private final long budgetBytes;
    private final Map<ChangeId, Change> changes = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ChangeId> order = new ConcurrentLinkedQueue<>();
    private final AtomicLong heldBytes = new AtomicLong();
    private final AtomicLong decodes = new AtomicLong();
    private final AtomicLong encodings = new AtomicLong();

    SharedWatchEvents(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** The shared view of {@code event}; {@code decoder} turns a stored value into its tree (once per change). */
    Change of(WatchEvent event, Function<StoredObject, ObjectNode> decoder) {
        ChangeId id = new ChangeId(event.key(), event.revision(), event.type());
        Change known = changes.get(id);
        if (known != null) {
            return known;
        }
        Change made = new Change(event, decoder);
        Change raced = changes.putIfAbsent(id, made);
        if (raced != null) {
            return raced;
        }
        order.add(id);
        long held = heldBytes.addAndGet(made.weight);
        while (held > budgetBytes) {
            ChangeId oldest = order.poll();
            if (oldest == null || oldest.equals(id)) {
                // the newest change stays even when it alone is over the budget
                if (oldest != null) {
                    order.add(oldest);
                }
                break;
            }
            Change evicted = changes.remove(oldest);
            held = evicted == null ? heldBytes.get() : heldBytes.addAndGet(-evicted.weight);
        }
        return made;
    }

    /** How many stored values were decoded: once per change while it is held. */
    long decodes() {
        return decodes.get();
    }

    /** How many event buffers were encoded: once per change and rendering while it is held. */
    long encodings() {
        return encodings.get();
    }

    /** One change: its trees, decoded on first use, and its encodings by rendering. */
    final class Change {
        private final WatchEvent event;
        private final Function<StoredObject, ObjectNode> decoder;
        /** Stored bytes, counted twice for the trees and encodings they grow into. */
        private final long weight;

        private final Map<String, Buffer> encoded = new ConcurrentHashMap<>();
        private ObjectNode current;
        private ObjectNode previous;
        private ObjectNode lastMatching;

        Change(WatchEvent event, Function<StoredObject, ObjectNode> decoder) {
            this.event = event;
            this.decoder = decoder;
            long bytes = (long) event.object().value().length
                    + (event.previous() == null ? 0 : event.previous().value().length);
            this.weight = 2 * bytes + 256;
        }

        WatchEvent event() {
            return event;
        }

        /** The object after the change (for a deletion: before it, at the deletion's revision). */
        synchronized ObjectNode current() {
            if (current == null) {
                current = decode(event.object());
            }
            return current;
        }

        /** The object before the change, or null when it did not exist. */
        synchronized ObjectNode previous() {
            if (previous == null && event.previous() != null) {
                previous = decode(event.previous());
            }
            return previous;
        }

        /**
         * The object as a watcher sees it leave its selector: its last matching state at the revision it stopped
         * matching (the DELETED event of upstream's cacher).
         */
        synchronized ObjectNode leftSelector() {
            if (lastMatching == null) {
                lastMatching = previous().deepCopy();
                ObjectTrees.meta(lastMatching).put("resourceVersion", Long.toString(event.revision()));
            }
            return lastMatching;
        }

        /** The buffer of one rendering of this change, encoded by the first watcher that needs it. */
        Buffer encoded(String rendering, Supplier<Buffer> encode) {
            return encoded.computeIfAbsent(rendering, r -> {
                encodings.incrementAndGet();
                return encode.get();
            });
        }

        private ObjectNode decode(StoredObject stored) {
            decodes.incrementAndGet();
            return decoder.apply(stored);
        }
    }
}
