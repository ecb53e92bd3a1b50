package cloud.gardener.apiserver.admission.plugins.policy;

/** A policy or binding that cannot be applied as configured; the policy's failure policy decides about it. */
final class ConfigurationError extends RuntimeException {

    ConfigurationError(String message) {
        super(message);
    }
}
