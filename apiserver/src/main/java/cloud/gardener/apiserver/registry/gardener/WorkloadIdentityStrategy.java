package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * WorkloadIdentities: no generation; a new identity gets its token subject
 * {@code gardener.cloud:workloadidentity:<namespace>:<name>:<uid>} unless one was given.
 */
public final class WorkloadIdentityStrategy extends GardenerStrategy {

    /** {@code GetSubClaimPrefixAndDelimiterFunc}: the prefix and the delimiter of the {@code sub} claim. */
    static final String SUB_PREFIX = "gardener.cloud:workloadidentity";

    static final String SUB_DELIMITER = ":";

    public WorkloadIdentityStrategy() {
        super(false);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    @Override
    protected void create(ObjectNode identity) {
        ObjectNode meta = cloud.gardener.apiserver.registry.ObjectTrees.meta(identity);
        if (JsonTrees.text(meta, "name").isEmpty()) {
            // the subject names the object, so the name is generated here rather than by the store
            meta.put(
                    "name",
                    cloud.gardener.apiserver.registry.NameGenerator.generate(JsonTrees.text(meta, "generateName")));
        }
        if (JsonTrees.text(identity, "status", "sub").isEmpty()) {
            identity.withObjectProperty("status")
                    .put(
                            "sub",
                            String.join(
                                    SUB_DELIMITER,
                                    SUB_PREFIX,
                                    JsonTrees.text(meta, "namespace"),
                                    JsonTrees.text(meta, "name"),
                                    JsonTrees.text(meta, "uid")));
        }
    }
}
