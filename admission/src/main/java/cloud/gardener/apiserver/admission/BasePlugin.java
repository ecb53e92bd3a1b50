package cloud.gardener.apiserver.admission;

import java.util.EnumSet;
import java.util.Set;

/**
 * What every plugin has, as k8s.io/apiserver's {@code admission.Handler} (the base of its plugins): its name and the
 * operations it handles.
 */
public abstract class BasePlugin implements AdmissionPlugin {

    private final String name;
    private final Set<Operation> operations;

    protected BasePlugin(String name, Operation first, Operation... more) {
        this.name = name;
        this.operations = EnumSet.of(first, more);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final boolean handles(Operation operation) {
        return operations.contains(operation);
    }
}
