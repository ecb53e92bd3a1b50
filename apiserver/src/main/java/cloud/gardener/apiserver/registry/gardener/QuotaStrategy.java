package cloud.gardener.apiserver.registry.gardener;

/**
 * Quotas: no generation, unconditional updates allowed.
 */
public final class QuotaStrategy extends GardenerStrategy {

    public QuotaStrategy() {
        super(true);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
