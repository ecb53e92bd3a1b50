package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A kind's defaulting functions (Gardener's {@code SetDefaults_*}), applied to the object's JSON after it
 * was decoded through its model and before it is validated and stored. Works on the mutable tree because
 * defaulting is "set when absent", which reads best as tree edits.
 */
@FunctionalInterface
public interface Defaulter {

    void apply(ObjectNode object);
}
