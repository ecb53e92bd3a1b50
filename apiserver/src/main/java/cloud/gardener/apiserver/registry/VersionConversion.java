package cloud.gardener.apiserver.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How a kind served in several versions is kept in one: requests' objects are converted to the storage version
 * before anything else, and stored objects to the request's version on the way out. Kinds served in one version
 * use {@link #IDENTITY}.
 */
public interface VersionConversion {

    VersionConversion IDENTITY = new VersionConversion() {
        @Override
        public ObjectNode toStorage(ObjectNode obj) {
            return obj;
        }

        @Override
        public ObjectNode fromStorage(ObjectNode obj, String version) {
            return obj;
        }
    };

    /** The object (in any served version) in the storage version; the argument is not changed. */
    ObjectNode toStorage(ObjectNode obj);

    /** The stored object in {@code version} (e.g. {@code v1beta1}); the argument is not changed. */
    ObjectNode fromStorage(ObjectNode obj, String version);
}
