package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * SecretBindings: deprecated in favour of CredentialsBindings (every write warns), no generation, unconditional
 * updates allowed.
 */
public final class SecretBindingStrategy extends GardenerStrategy {

    static final String DEPRECATION = "SecretBinding is deprecated in favour of CredentialsBinding. For migration "
            + "instructions, see: https://github.com/gardener/gardener/blob/master/docs/usage/shoot-operations/"
            + "secretbinding-to-credentialsbinding-migration.md";

    public SecretBindingStrategy() {
        super(true);
    }

    @Override
    public List<String> warningsOnCreate(ObjectNode binding) {
        return List.of(DEPRECATION);
    }

    @Override
    public List<String> warningsOnUpdate(ObjectNode binding, ObjectNode old, String subresource) {
        return List.of(DEPRECATION);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
