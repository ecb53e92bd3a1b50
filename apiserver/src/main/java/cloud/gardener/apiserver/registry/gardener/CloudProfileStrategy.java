package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * CloudProfiles: no generation, unconditional updates allowed; a new profile does not store versions that can no
 * longer be used, and the architecture fields follow the machine capabilities.
 */
public final class CloudProfileStrategy extends GardenerStrategy {

    public CloudProfileStrategy() {
        super(true);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    @Override
    protected void create(ObjectNode profile) {
        CloudProfileSync.edit(
                profile, CloudProfileSpec.class, spec -> CloudProfileSync.dropInactiveVersions(spec, Instant.now()));
    }

    @Override
    protected void update(ObjectNode profile, ObjectNode old) {
        CloudProfileSpec oldSpec = CloudProfileSync.spec(old.path("spec"), CloudProfileSpec.class);
        CloudProfileSync.edit(
                profile, CloudProfileSpec.class, spec -> CloudProfileSync.syncArchitectureCapabilities(spec, oldSpec));
    }

    @Override
    public void canonicalize(ObjectNode profile) {
        CloudProfileSync.edit(
                profile, CloudProfileSpec.class, spec -> CloudProfileSync.syncArchitectureCapabilities(spec, null));
    }
}
