package cloud.gardener.apiserver.registry.gardener;

/**
 * CloudProfiles: no generation, unconditional updates allowed.
 */
public final class CloudProfileStrategy extends GardenerStrategy {

    public CloudProfileStrategy() {
        super(true);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
