package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
        CloudProfileSync.dropInactiveVersions(profile.withObjectProperty("spec"), Instant.now());
    }

    @Override
    protected void update(ObjectNode profile, ObjectNode old) {
        CloudProfileSync.syncArchitectureCapabilities(profile.withObjectProperty("spec"), old.path("spec"));
    }

    @Override
    public void canonicalize(ObjectNode profile) {
        CloudProfileSync.syncArchitectureCapabilities(
                profile.withObjectProperty("spec"), JsonNodeFactory.instance.objectNode());
    }
}
