package cloud.gardener.apiserver.admission;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Runs every mutating plugin in order, then every validating plugin in order; the first rejection
 * ends the request. Plugins never write to storage.
 */
public final class AdmissionChain {

    private final List<AdmissionPlugin> plugins;
    private final AdmissionObserver observer;
    /** Per operation, the plugins of each phase that handle it, in order (asked twice per write). */
    private final Map<Operation, List<MutatingPlugin>> mutating = new EnumMap<>(Operation.class);

    private final Map<Operation, List<ValidatingPlugin>> validating = new EnumMap<>(Operation.class);

    public AdmissionChain(List<AdmissionPlugin> plugins) {
        this(plugins, AdmissionObserver.NONE);
    }

    public AdmissionChain(List<AdmissionPlugin> plugins, AdmissionObserver observer) {
        this.plugins = List.copyOf(plugins);
        this.observer = observer;
        for (Operation operation : Operation.values()) {
            mutating.put(operation, phase(MutatingPlugin.class, operation));
            validating.put(operation, phase(ValidatingPlugin.class, operation));
        }
    }

    private <P> List<P> phase(Class<P> phase, Operation operation) {
        List<P> out = new ArrayList<>();
        for (AdmissionPlugin plugin : plugins) {
            if (phase.isInstance(plugin) && plugin.handles(operation)) {
                out.add(phase.cast(plugin));
            }
        }
        return List.copyOf(out);
    }

    public static AdmissionChain empty() {
        return new AdmissionChain(List.of());
    }

    public List<AdmissionPlugin> plugins() {
        return plugins;
    }

    /**
     * The mutating phase: each plugin reads the object's record as the plugin before it left the tree. The record is
     * decoded again only after a plugin that may have written the tree (see {@link Mutation}).
     */
    public Future<Void> admit(Attributes attributes) {
        attributes.records().startMutating();
        return runEach(mutating.get(attributes.operation()), "admit", attributes, AdmissionChain::admitOne);
    }

    /**
     * The plugin's admit; once it is done, the object's record is forgotten unless the plugin wrote nothing (or is kept
     * as the basis of the places the plugin says it wrote).
     */
    private static Future<Mutation> admitOne(MutatingPlugin plugin, Attributes attributes) {
        Future<Mutation> admitted;
        try {
            admitted = plugin.admit(attributes);
        } catch (RuntimeException e) {
            // it may have written before it threw
            attributes.records().forgetObject();
            throw e;
        }
        if (admitted.isComplete()) {
            forgetIfWritten(admitted, attributes);
            return admitted;
        }
        return admitted.map(answer -> {
            forgetIfWritten(admitted, attributes);
            return answer;
        });
    }

    private static void forgetIfWritten(AsyncResult<Mutation> admitted, Attributes attributes) {
        if (admitted.failed()) {
            attributes.records().forgetObject();
        } else if (Mutation.mayHaveWritten(admitted.result())) {
            attributes.records().objectWritten(admitted.result());
        }
    }

    /** The validating phase: its plugins share one record of the object, which none of them changes. */
    public Future<Void> validate(Attributes attributes) {
        attributes.records().forgetObject();
        return runEach(validating.get(attributes.operation()), "validate", attributes, ValidatingPlugin::validate);
    }

    /** Calls {@code step} on each plugin of the phase that handles the operation, in order, stopping at the first failure. */
    private <P extends AdmissionPlugin> Future<Void> runEach(
            List<P> phase, String type, Attributes attributes, BiFunction<P, Attributes, Future<?>> step) {
        long start = System.nanoTime();
        return runFrom(phase, 0, type, attributes, step)
                .onComplete(ar -> observer.step(type, attributes.operation(), ar.failed(), System.nanoTime() - start));
    }

    /**
     * The plugins from {@code first} on: one after the other on the calling thread while each answers at once (most
     * do: their lookups hit the caches), without a composed future per plugin; after one that answers later, the rest
     * when it has. Each plugin's call is observed when it completes, as before.
     */
    private <P extends AdmissionPlugin> Future<Void> runFrom(
            List<P> phase, int first, String type, Attributes attributes, BiFunction<P, Attributes, Future<?>> step) {
        for (int i = first; i < phase.size(); i++) {
            P plugin = phase.get(i);
            long pluginStart = System.nanoTime();
            Future<?> called;
            try {
                called = step.apply(plugin, attributes);
            } catch (RuntimeException e) {
                // as a composed step that throws: the phase fails with it, the call unobserved
                return Future.failedFuture(e);
            }
            if (!called.isComplete()) {
                int next = i + 1;
                return called.onComplete(ar -> observer.plugin(
                                plugin.name(),
                                type,
                                attributes.operation(),
                                ar.failed(),
                                System.nanoTime() - pluginStart))
                        .compose(v -> runFrom(phase, next, type, attributes, step));
            }
            observer.plugin(
                    plugin.name(), type, attributes.operation(), called.failed(), System.nanoTime() - pluginStart);
            if (called.failed()) {
                return Future.failedFuture(called.cause());
            }
        }
        return Future.succeededFuture();
    }

    /** Both phases. */
    public Future<Void> run(Attributes attributes) {
        return admit(attributes).compose(v -> validate(attributes));
    }
}
