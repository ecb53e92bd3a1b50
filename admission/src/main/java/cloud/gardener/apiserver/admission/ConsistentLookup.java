package cloud.gardener.apiserver.admission;

import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/**
 * {@link ObjectLookup#consistent()}: each read waits for the cache to catch up with storage and reads it then, or
 * reads storage when the cache cannot tell or does not get there in time. A get reads storage straight away (one
 * key's consistent read).
 */
final class ConsistentLookup implements ObjectLookup {

    private final ObjectLookup lookup;

    ConsistentLookup(ObjectLookup lookup) {
        this.lookup = lookup;
    }

    @Override
    public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
        return lookup.getLive(resource, namespace, name);
    }

    @Override
    public Future<Optional<ObjectNode>> getLive(GroupResource resource, String namespace, String name) {
        return lookup.getLive(resource, namespace, name);
    }

    @Override
    public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
        return lookup.caughtUp(resource, namespace)
                .compose(
                        caughtUp -> caughtUp ? lookup.list(resource, namespace) : lookup.listLive(resource, namespace));
    }

    @Override
    public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
        return lookup.listLive(resource, namespace);
    }

    @Override
    public Future<List<ObjectNode>> candidates(GroupResource resource, ObjectIndex index, String value) {
        return candidates(resource, "", index, value);
    }

    @Override
    public Future<List<ObjectNode>> candidates(
            GroupResource resource, String namespace, ObjectIndex index, String value) {
        return lookup.caughtUp(resource, namespace)
                .compose(caughtUp -> caughtUp
                        ? lookup.candidates(resource, namespace, index, value)
                        : lookup.listLive(resource, namespace).map(all -> ObjectLookup.filed(all, index, value)));
    }

    /** Itself: its reads are consistent already. */
    @Override
    public Future<Boolean> caughtUp(GroupResource resource, String namespace) {
        return Future.succeededFuture(true);
    }

    @Override
    public ObjectLookup consistent() {
        return this;
    }

    @Override
    public boolean ready() {
        return lookup.ready();
    }

    @Override
    public <T> T decode(ObjectNode tree, Class<T> type) {
        return lookup.decode(tree, type);
    }
}
