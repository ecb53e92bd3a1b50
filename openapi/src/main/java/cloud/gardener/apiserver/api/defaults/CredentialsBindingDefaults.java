package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's CredentialsBinding defaulting (security v1alpha1): the credentials and the quotas without a namespace
 * are in the binding's own namespace.
 */
public final class CredentialsBindingDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode binding) {
        BindingNamespaces.apply(binding, "credentialsRef");
    }
}
