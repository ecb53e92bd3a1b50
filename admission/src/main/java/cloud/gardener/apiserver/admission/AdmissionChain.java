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
    private final AdmissionObserver observer;

    public AdmissionChain(List<AdmissionPlugin> plugins) {
        this(plugins, AdmissionObserver.NONE);
    }

    public AdmissionChain(List<AdmissionPlugin> plugins, AdmissionObserver observer) {
        this.plugins = List.copyOf(plugins);
        this.observer = observer;
    }

    public static AdmissionChain empty() {
        return new AdmissionChain(List.of());
    }

    public List<AdmissionPlugin> plugins() {
        return plugins;
    }

    /** The mutating phase. */
    public Future<Void> admit(Attributes attributes) {
        return runEach(MutatingPlugin.class, "admit", attributes, MutatingPlugin::admit);
    }

    /** The validating phase. */
    public Future<Void> validate(Attributes attributes) {
        return runEach(ValidatingPlugin.class, "validate", attributes, ValidatingPlugin::validate);
    }

    /** Calls {@code step} on each plugin of the phase that handles the operation, in order, stopping at the first failure. */
    private <P> Future<Void> runEach(
            Class<P> phase, String type, Attributes attributes, BiFunction<P, Attributes, Future<Void>> step) {
        long start = System.nanoTime();
        Future<Void> result = Future.succeededFuture();
        for (AdmissionPlugin plugin : plugins) {
            if (phase.isInstance(plugin) && plugin.handles(attributes.operation())) {
                P p = phase.cast(plugin);
                result = result.compose(v -> {
                    long pluginStart = System.nanoTime();
                    return step.apply(p, attributes)
                            .onComplete(ar -> observer.plugin(
                                    plugin.name(),
                                    type,
                                    attributes.operation(),
                                    ar.failed(),
                                    System.nanoTime() - pluginStart));
                });
            }
        }
        return result.onComplete(
                ar -> observer.step(type, attributes.operation(), ar.failed(), System.nanoTime() - start));
    }

    /** Both phases. */
    public Future<Void> run(Attributes attributes) {
        return admit(attributes).compose(v -> validate(attributes));
    }
}
