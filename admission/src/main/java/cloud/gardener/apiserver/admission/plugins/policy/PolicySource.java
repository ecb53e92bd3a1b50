package cloud.gardener.apiserver.admission.plugins.policy;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The policies to evaluate, as k8s.io/apiserver's composite policy source: those of the static manifests first,
 * then the ones registered in the (virtual garden's) API. Only policies some binding names are evaluated; a
 * binding naming no policy is skipped. Policies and bindings are ordered by name.
 */
final class PolicySource {

    static final String GROUP = "admissionregistration.k8s.io";
    static final GroupResource POLICIES = new GroupResource(GROUP, "validatingadmissionpolicies");
    static final GroupResource BINDINGS = new GroupResource(GROUP, "validatingadmissionpolicybindings");

    private final ObjectLookup objects;
    private final List<PolicyHook> manifests;
    /** The last call's objects and hooks; a race builds them twice, each time from what that call listed. */
    private volatile Built last;

    PolicySource(
            ObjectLookup objects, List<? extends JsonNode> staticPolicies, List<? extends JsonNode> staticBindings) {
        this.objects = objects;
        this.manifests = hooks(staticPolicies, staticBindings);
    }

    /** The static policies only: those evaluated for requests about policies and bindings themselves. */
    List<PolicyHook> staticHooks() {
        return manifests;
    }

    /**
     * Static policies, then the API's. Every admission call asks, and the API's objects rarely change: the hooks are
     * built (parsed and sorted) again only when the listed objects are not the ones of the last call.
     */
    Future<List<PolicyHook>> hooks() {
        return Future.all(objects.list(POLICIES, ""), objects.list(BINDINGS, ""))
                .map(lists -> {
                    List<ObjectNode> policies = lists.resultAt(0);
                    List<ObjectNode> bindings = lists.resultAt(1);
                    Built built = last;
                    if (built != null
                            && sameObjects(built.policies(), policies)
                            && sameObjects(built.bindings(), bindings)) {
                        return built.hooks();
                    }
                    List<PolicyHook> hooks = new ArrayList<>(manifests);
                    hooks.addAll(hooks(policies, bindings));
                    built = new Built(List.copyOf(policies), List.copyOf(bindings), List.copyOf(hooks));
                    last = built;
                    return built.hooks();
                });
    }

    /** The same instances in the same order: the caches hand out the objects they hold until they change. */
    @SuppressWarnings("ReferenceEquality") // identity is the point: equal content would be a deep comparison
    private static boolean sameObjects(List<ObjectNode> before, List<ObjectNode> now) {
        if (before.size() != now.size()) {
            return false;
        }
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i) != now.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** The hooks built from these listed objects. */
    private record Built(List<ObjectNode> policies, List<ObjectNode> bindings, List<PolicyHook> hooks) {}

    private static List<PolicyHook> hooks(
            List<? extends JsonNode> policyObjects, List<? extends JsonNode> bindingObjects) {
        Map<String, List<PolicyBinding>> byPolicy = new LinkedHashMap<>();
        bindingObjects.stream()
                .map(PolicyBinding::of)
                .sorted(Comparator.comparing(PolicyBinding::name))
                .forEach(b -> byPolicy.computeIfAbsent(b.policyName(), k -> new ArrayList<>())
                        .add(b));
        List<PolicyHook> hooks = new ArrayList<>();
        policyObjects.stream()
                .map(Policy::of)
                .sorted(Comparator.comparing(Policy::name))
                .filter(p -> byPolicy.containsKey(p.name()))
                // a paramKind whose apiVersion does not parse leaves the policy out, as upstream's source does
                .filter(p -> p.paramKind() == null || p.paramKind().groupVersion() != null)
                .forEach(p -> hooks.add(new PolicyHook(p, byPolicy.get(p.name()))));
        return hooks;
    }
}
