package cloud.gardener.apiserver.registry.gardener;

/**
 * SecretBindings: no generation, unconditional updates allowed.
 */
public final class SecretBindingStrategy extends GardenerStrategy {

    public SecretBindingStrategy() {
        super(true);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
