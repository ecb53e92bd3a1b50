package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.JsonTree.absent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.duration;
import static cloud.gardener.apiserver.api.defaults.JsonTree.existing;
import static cloud.gardener.apiserver.api.defaults.JsonTree.objects;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfAbsent;
import static cloud.gardener.apiserver.api.defaults.JsonTree.setIfEmpty;
import static cloud.gardener.apiserver.api.defaults.JsonTree.strings;
import static cloud.gardener.apiserver.api.defaults.JsonTree.text;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;

/**
 * Gardener's ControllerRegistration defaulting: resources are primary; {@code Extension} resources are for shoots,
 * reconcile within 3 minutes and get a lifecycle (reconcile after, delete and migrate before the kube-apiserver);
 * {@code SelfHostedShootExposure} resources update endpoints continuously; deployments are deployed on demand.
 */
public final class ControllerRegistrationDefaults implements Defaulter {

    @Override
    public void apply(ObjectNode registration) {
        existing(registration, "spec").ifPresent(spec -> {
            for (ObjectNode resource : objects(spec, "resources")) {
                setResourceDefaults(resource);
            }
            existing(spec, "deployment").ifPresent(deployment -> setIfAbsent(deployment, "policy", "OnDemand"));
        });
    }

    static void setResourceDefaults(ObjectNode resource) {
        setIfAbsent(resource, "primary", true);
        String kind = text(resource, "kind");
        if (kind.equals("Extension")) {
            setIfEmpty(resource, "clusterCompatibility", strings("shoot"));
            setIfAbsent(resource, "reconcileTimeout", duration(Duration.ofMinutes(3)));
            if (absent(resource, "lifecycle")) {
                resource.putObject("lifecycle");
            }
        }
        if (kind.equals("SelfHostedShootExposure")) {
            setIfAbsent(resource, "continuousEndpointUpdate", true);
        }
        existing(resource, "lifecycle").ifPresent(lifecycle -> {
            setIfAbsent(lifecycle, "reconcile", "AfterKubeAPIServer");
            setIfAbsent(lifecycle, "delete", "BeforeKubeAPIServer");
            setIfAbsent(lifecycle, "migrate", "BeforeKubeAPIServer");
        });
    }
}
