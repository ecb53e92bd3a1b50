package cloud.gardener.apiserver.api.defaults;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Gardener's NamespacedCloudProfile defaulting: only the spec's machine and volume types become usable. Neither
 * architectures nor image defaults apply, and the status (the computed profile) is left as it is.
 */
public final class NamespacedCloudProfileDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode profile) {
        JsonTree.existing(profile, "spec").ifPresent(CloudProfileDefaults::setUsableDefaults);
    }
}
