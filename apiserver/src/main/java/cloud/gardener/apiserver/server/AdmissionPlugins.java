package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.AdmissionPlugin;
import cloud.gardener.apiserver.admission.plugins.namespacelifecycle.NamespaceLifecycle;
import cloud.gardener.apiserver.admission.plugins.namespacelifecycle.NamespaceLookup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The admission plugins this server knows, in their order, with the default-on set and the
 * {@code --enable-admission-plugins}/{@code --disable-admission-plugins} rules. An unknown name stops
 * the server at start-up.
 */
final class AdmissionPlugins {

    private AdmissionPlugins() {
    }

    static AdmissionChain chain(ServerConfig config, NamespaceLookup namespaces) {
        Map<String, Function<NamespaceLookup, AdmissionPlugin>> known = new LinkedHashMap<>();
        known.put(NamespaceLifecycle.NAME, NamespaceLifecycle::new);
        Set<String> defaults = Set.of(NamespaceLifecycle.NAME);
        Set<String> unknown = new TreeSet<>();
        for (String name : concat(config.enabledAdmissionPlugins(), config.disabledAdmissionPlugins())) {
            if (!known.containsKey(name)) {
                unknown.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown admission plugins: " + String.join(",", unknown)
                    + " (known: " + String.join(",", known.keySet()) + ")");
        }
        List<AdmissionPlugin> plugins = new ArrayList<>();
        known.forEach((name, factory) -> {
            boolean on = (defaults.contains(name) || config.enabledAdmissionPlugins().contains(name))
                    && !config.disabledAdmissionPlugins().contains(name);
            if (on) {
                plugins.add(factory.apply(namespaces));
            }
        });
        return new AdmissionChain(plugins);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
