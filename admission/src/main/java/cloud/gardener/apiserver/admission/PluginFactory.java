package cloud.gardener.apiserver.admission;

/** Builds one plugin; fails with {@link IllegalArgumentException} when its configuration is invalid. */
@FunctionalInterface
public interface PluginFactory {

    AdmissionPlugin create(PluginContext context);
}
