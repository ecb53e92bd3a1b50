package cloud.gardener.apiserver.admission;

/** A named admission plugin; it implements {@link MutatingPlugin}, {@link ValidatingPlugin} or both. */
public interface AdmissionPlugin {

    /** The name used by {@code --enable-admission-plugins} and {@code --disable-admission-plugins}. */
    String name();

    /** Whether the plugin wants to see this operation at all. */
    boolean handles(Operation operation);
}
