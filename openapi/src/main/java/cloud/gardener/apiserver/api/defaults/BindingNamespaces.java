package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.empty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The rule SecretBindings and CredentialsBindings share: references without a namespace point into their own. */
final class BindingNamespaces {

    private BindingNamespaces() {}

    /**
     * Sets the namespace of the top-level reference {@code refName} and of every quota reference that has none.
     * Without a namespace of its own the binding has nothing to give (Go would set "", which encodes as absent).
     */
    static void apply(ObjectNode binding, String refName) {
        String namespace =
                existing(binding, "metadata").map(m -> text(m, "namespace")).orElse("");
        if (namespace.isEmpty()) {
            return;
        }
        ObjectNode ref = object(binding, refName); // a non-pointer struct in Go
        if (empty(ref, "namespace")) {
            ref.put("namespace", namespace);
        }
        for (ObjectNode quota : objects(binding, "quotas")) {
            if (empty(quota, "namespace")) {
                quota.put("namespace", namespace);
            }
        }
    }
}
