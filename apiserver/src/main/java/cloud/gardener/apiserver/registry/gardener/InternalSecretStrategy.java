package cloud.gardener.apiserver.registry.gardener;

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
        if (Trees.text(secret, "type").isEmpty() && Trees.present(old, "type")) {
            secret.set("type", old.get("type"));
        }
    }
}
