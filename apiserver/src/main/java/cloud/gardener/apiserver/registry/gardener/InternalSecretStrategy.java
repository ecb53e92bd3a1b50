package cloud.gardener.apiserver.registry.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * InternalSecrets: no generation; an update without a type keeps the stored one.
 */
public final class InternalSecretStrategy extends GardenerStrategy {

    public InternalSecretStrategy() {
        super(true);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    @Override
    protected void update(ObjectNode secret, ObjectNode old) {
        if (JsonTrees.text(secret, "type").isEmpty() && JsonTrees.isSet(old, "type")) {
            secret.set("type", old.get("type"));
        }
    }
}
