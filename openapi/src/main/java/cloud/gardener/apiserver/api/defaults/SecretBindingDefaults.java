package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's SecretBinding defaulting: the secret and the quotas without a namespace are in the binding's own
 * namespace.
 */
public final class SecretBindingDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode binding) {
        BindingNamespaces.apply(binding, "secretRef");
    }
}
