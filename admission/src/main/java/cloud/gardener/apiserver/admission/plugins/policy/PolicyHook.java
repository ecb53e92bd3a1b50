package cloud.gardener.apiserver.admission.plugins.policy;

import java.util.List;

/** A policy with the bindings that name it, ordered by name: what the dispatcher evaluates. */
record PolicyHook(Policy policy, List<PolicyBinding> bindings) {

    PolicyHook {
        bindings = List.copyOf(bindings);
    }
}
