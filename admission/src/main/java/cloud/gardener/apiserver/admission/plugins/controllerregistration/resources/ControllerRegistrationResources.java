package cloud.gardener.apiserver.admission.plugins.controllerregistration.resources;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import io.vertx.core.Future;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Gardener's ControllerRegistrationResources: one kind/type pair is controlled primarily by at most one
 * ControllerRegistration. The other registrations are read live so that two racing creates cannot both pass.
 */
public final class ControllerRegistrationResources extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ControllerRegistrationResources";

    private final ObjectLookup objects;

    public ControllerRegistrationResources(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "ControllerRegistration")) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ControllerRegistration registration = a.object(ControllerRegistration.class);
        String name = registration.metadata().name();
        return objects.listLive(GardenerResources.CONTROLLER_REGISTRATIONS, "").compose(others -> {
            // Gardener keeps one type per kind in a map (the last one listed wins); a set of pairs is what
            // that map means to say and never lets a duplicate through.
            Set<String> taken = new HashSet<>();
            for (var tree : others) {
                ControllerRegistration other = objects.decode(tree, ControllerRegistration.class);
                if (!other.metadata().name().equals(name)) {
                    primaries(other).forEach(r -> taken.add(r.kind() + "/" + r.type()));
                }
            }
            for (ControllerResource r : primaries(registration)) {
                if (taken.contains(r.kind() + "/" + r.type())) {
                    return Rejections.forbid(
                            a,
                            "another ControllerRegistration resource already exists that controls " + "resource "
                                    + r.kind() + "/" + r.type() + " primarily");
                }
            }
            return Future.succeededFuture();
        });
    }

    private static List<ControllerResource> primaries(ControllerRegistration registration) {
        if (registration.spec() == null || registration.spec().resources() == null) {
            return List.of();
        }
        return registration.spec().resources().stream()
                .filter(r -> r.primary() == null || r.primary())
                .toList();
    }
}
