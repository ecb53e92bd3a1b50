package cloud.gardener.apiserver.registry.gardener;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * ControllerDeployments (stored as core.gardener.cloud/v1): the generation follows the deployment (helm,
 * resources, and a custom type with its provider config, kept in migration annotations) and deletion; injecting the
 * garden kubeconfig is not a change of the deployment.
 */
public final class ControllerDeploymentStrategy extends GardenerStrategy {

    public ControllerDeploymentStrategy() {
        super(false);
    }

    @Override
    protected void update(ObjectNode deployment, ObjectNode old) {
        boolean changed = false;
        for (String field : new String[] {"helm", "resources", "type", "providerConfig"}) {
            changed |= !Trees.sameField(deployment, old, field);
        }
        for (String annotation : new String[] {
            ControllerDeploymentConversion.TYPE_ANNOTATION, ControllerDeploymentConversion.PROVIDER_CONFIG_ANNOTATION
        }) {
            changed |= !java.util.Objects.equals(
                    Trees.annotation(deployment, annotation), Trees.annotation(old, annotation));
        }
        if (changed || Trees.deletionStarted(deployment, old)) {
            bumpGeneration(deployment, old);
        }
    }
}
