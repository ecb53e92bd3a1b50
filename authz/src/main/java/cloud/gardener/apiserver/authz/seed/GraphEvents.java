package cloud.gardener.apiserver.authz.seed;

import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;

/**
 * What keeps the graph current: the objects of the {@link GraphResources}, as the server stores them
 * (JSON, storage version), from an initial list and a watch. Implementations are thread-safe.
 */
public interface GraphEvents {

    /** An object was added or changed. */
    void upsert(GroupResource resource, ObjectNode object);

    /** An object was deleted. */
    void delete(GroupResource resource, ObjectNode object);

    /** A (re)list: these are now all objects of the resource; the resource counts as synced from now on. */
    void replace(GroupResource resource, Collection<ObjectNode> objects);
}
