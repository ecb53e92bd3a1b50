package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Runs every mutating plugin in order, then every validating plugin in order; the first rejection
 * ends the request. Plugins never write to storage.
 */
public final class AdmissionChain {

    private final List<AdmissionPlugin> plugins;

    public AdmissionChain(List<AdmissionPlugin> plugins) {
        this.plugins = List.copyOf(plugins);
    }

    public static AdmissionChain empty() {
        return new AdmissionChain(List.of());
    }

    public List<AdmissionPlugin> plugins() {
        return plugins;
    }

    /** The mutating phase. */
    public Future<Void> admit(Attributes attributes) {
        return runEach(MutatingPlugin.class, attributes, MutatingPlugin::admit);
    }

    /** The validating phase. */
    public Future<Void> validate(Attributes attributes) {
        return runEach(ValidatingPlugin.class, attributes, ValidatingPlugin::validate);
    }

    /** Calls {@code step} on each plugin of the phase that handles the operation, in order, stopping at the first failure. */
    private <P> Future<Void> runEach(Class<P> phase, Attributes attributes, BiFunction<P, Attributes, Future<Void>> step) {
        Future<Void> result = Future.succeededFuture();
        for (AdmissionPlugin plugin : plugins) {
            if (phase.isInstance(plugin) && plugin.handles(attributes.operation())) {
                P p = phase.cast(plugin);
                result = result.compose(v -> step.apply(p, attributes));
            }
        }
        return result;
    }

    /** Both phases. */
    public Future<Void> run(Attributes attributes) {
        return admit(attributes).compose(v -> validate(attributes));
    }
}
