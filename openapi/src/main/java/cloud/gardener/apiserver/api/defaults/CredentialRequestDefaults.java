package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.object;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The defaulting the three credential request kinds share: security's {@code TokenRequest} (workload identity
 * tokens) and authentication's {@code AdminKubeconfigRequest} and {@code ViewerKubeconfigRequest} ask for one hour
 * of validity unless they say otherwise ({@code spec.expirationSeconds}).
 */
public final class CredentialRequestDefaults implements Defaulter {

    static final long DEFAULT_EXPIRATION_SECONDS = 60 * 60;

    @Override
    public void apply(ObjectNode request) {
        setIfAbsent(object(request, "spec"), "expirationSeconds", DEFAULT_EXPIRATION_SECONDS);
    }
}
