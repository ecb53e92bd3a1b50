package cloud.gardener.apiserver.admission;

import io.vertx.core.Future;
import java.util.List;

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
        Future<Void> result = Future.succeededFuture();
        for (AdmissionPlugin plugin : plugins) {
            if (plugin instanceof MutatingPlugin m && plugin.handles(attributes.operation())) {
                result = result.compose(v -> m.admit(attributes));
            }
        }
        return result;
    }

    /** The validating phase. */
    public Future<Void> validate(Attributes attributes) {
        Future<Void> result = Future.succeededFuture();
        for (AdmissionPlugin plugin : plugins) {
            if (plugin instanceof ValidatingPlugin v && plugin.handles(attributes.operation())) {
                result = result.compose(x -> v.validate(attributes));
            }
        }
        return result;
    }

    /** Both phases. */
    public Future<Void> run(Attributes attributes) {
        return admit(attributes).compose(v -> validate(attributes));
    }
}
