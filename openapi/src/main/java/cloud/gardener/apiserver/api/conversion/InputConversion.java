package cloud.gardener.apiserver.api.conversion;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What Go's conversion from a served version to the internal version changes in a written object, done in place
 * on the object's canonical JSON. Go converts every object it decodes from a request (bodies, patched objects,
 * server-side applied objects, objects patched by a mutating webhook) before admission and validation; the same
 * points call this.
 */
public interface InputConversion {

    void apply(ObjectNode object);
}
