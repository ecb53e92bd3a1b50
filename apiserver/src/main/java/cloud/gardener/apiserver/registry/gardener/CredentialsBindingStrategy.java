package cloud.gardener.apiserver.registry.gardener;

/**
 * CredentialsBindings: no generation; a PUT must name the resourceVersion.
 */
public final class CredentialsBindingStrategy extends GardenerStrategy {

    public CredentialsBindingStrategy() {
        super(false);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
