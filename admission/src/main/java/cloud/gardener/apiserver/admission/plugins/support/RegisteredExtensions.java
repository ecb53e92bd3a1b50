package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerResource;
import cloud.gardener.apiserver.api.core.v1beta1.Extension;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What the ControllerRegistrations register: which extension kinds and types have a primary controller,
 * which Extension types are enabled for a cluster (explicitly or by {@code autoEnable}) and which support
 * workerless shoots.
 */
public final class RegisteredExtensions {

    /** One primary registration of a kind/type, with the cluster types it serves (empty: all). */
    public record Primary(String kind, String type, List<String> clusterCompatibility) {}

    /** How the registrations are built from the records: one function object, so the lookup can keep the result. */
    private static final Function<List<ControllerRegistration>, RegisteredExtensions> BUILD = RegisteredExtensions::new;

    private final List<ControllerResource> resources = new ArrayList<>();
    private final List<Primary> primaries;

    /** Collects the {@code spec.resources} of the given ControllerRegistrations. */
    public RegisteredExtensions(List<ControllerRegistration> controllerRegistrations) {
        for (ControllerRegistration registration : controllerRegistrations) {
            if (registration.spec() != null) {
                resources.addAll(CoreRules.list(registration.spec().resources()));
            }
        }
        this.primaries = computePrimaries();
    }

    /**
     * The registrations the lookup knows now. A Shoot request asks twice (ExtensionLabels when it mutates,
     * ExtensionValidator when it validates), and the lookup keeps what it built while no ControllerRegistration
     * changed ({@link ObjectLookup#derived}).
     */
    public static Future<RegisteredExtensions> of(ObjectLookup objects) {
        return objects.derived(ControllerRegistration.class, GardenerResources.CONTROLLER_REGISTRATIONS, "", BUILD);
    }

    /** {@code computeRegisteredPrimaryExtensionKindTypes}: resources not marked {@code primary: false}. */
    public List<Primary> primaries() {
        return primaries;
    }

    private List<Primary> computePrimaries() {
        List<Primary> out = new ArrayList<>();
        for (ControllerResource r : resources) {
            if (Boolean.FALSE.equals(r.primary())) {
                continue;
            }
            out.add(new Primary(
                    CoreRules.text(r.kind()), CoreRules.text(r.type()), CoreRules.list(r.clusterCompatibility())));
        }
        return List.copyOf(out);
    }

    /** Whether a primary controller is registered for the kind/type and, if given, serves the cluster type. */
    public boolean isPrimaryRegistered(String kind, String type, String clusterType) {
        return primaries().stream()
                .anyMatch(p -> p.kind().equals(kind)
                        && p.type().equals(type)
                        && (clusterType == null
                                || p.clusterCompatibility().isEmpty()
                                || p.clusterCompatibility().contains(clusterType)));
    }

    /** The Extension types registered with {@code workerlessSupported: true}. */
    public Set<String> workerlessSupportedExtensionTypes() {
        Set<String> out = new LinkedHashSet<>();
        for (ControllerResource r : resources) {
            if ("Extension".equals(r.kind()) && Boolean.TRUE.equals(r.workerlessSupported())) {
                out.add(CoreRules.text(r.type()));
            }
        }
        return out;
    }

    /**
     * {@code computeEnabledTypesForKindExtension}: the cluster's enabled {@code extensions[]} plus the Extension
     * types auto-enabled for the cluster type and not disabled by it; {@code workerlessShoot} admits only types
     * that support workerless shoots.
     */
    public Set<String> enabledExtensionTypes(String clusterType, List<Extension> extensions, boolean workerlessShoot) {
        Set<String> enabled = new LinkedHashSet<>();
        Set<String> disabled = new LinkedHashSet<>();
        for (Extension e : CoreRules.list(extensions)) {
            (Boolean.TRUE.equals(e.disabled()) ? disabled : enabled).add(CoreRules.text(e.type()));
        }
        for (ControllerResource r : resources) {
            if (workerlessShoot && !Boolean.TRUE.equals(r.workerlessSupported())) {
                continue;
            }
            String type = CoreRules.text(r.type());
            if ("Extension".equals(r.kind())
                    && !disabled.contains(type)
                    && CoreRules.list(r.autoEnable()).contains(clusterType)) {
                enabled.add(type);
            }
        }
        return enabled;
    }
}
