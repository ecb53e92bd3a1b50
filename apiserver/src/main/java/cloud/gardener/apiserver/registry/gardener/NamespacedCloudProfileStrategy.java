package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * NamespacedCloudProfiles: versions that can no longer be used are only kept if the profile had them already; the
 * generation follows spec changes and deletion; unconditional updates allowed.
 */
public final class NamespacedCloudProfileStrategy extends GardenerStrategy {

    public NamespacedCloudProfileStrategy() {
        super(true);
    }

    @Override
    protected void create(ObjectNode profile) {
        CloudProfileSync.edit(
                profile,
                NamespacedCloudProfileSpec.class,
                spec -> CloudProfileSync.dropNewInactiveVersions(spec, null, Instant.now()));
    }

    @Override
    protected void update(ObjectNode profile, ObjectNode old) {
        NamespacedCloudProfileSpec oldSpec = CloudProfileSync.spec(old.path("spec"), NamespacedCloudProfileSpec.class);
        CloudProfileSync.edit(
                profile,
                NamespacedCloudProfileSpec.class,
                spec -> CloudProfileSync.dropNewInactiveVersions(spec, oldSpec, Instant.now()));
        if (specChangedOrDeletionStarted(profile, old)) {
            bumpGeneration(profile, old);
        }
    }
}
