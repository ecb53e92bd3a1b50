package cloud.gardener.apiserver.registry.gardener;

/**
 * ExposureClasses: no generation; a PUT must name the resourceVersion.
 */
public final class ExposureClassStrategy extends GardenerStrategy {

    public ExposureClassStrategy() {
        super(false);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }
}
