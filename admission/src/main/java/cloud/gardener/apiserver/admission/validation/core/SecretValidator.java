package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;

/** Kubernetes' {@code ValidateSecret} for the core/v1 Secrets served in standalone mode. */
public final class SecretValidator implements Validator<Secret> {

    @Override
    public List<FieldError> validate(Secret secret) {
        return SecretRules.validate(fields(secret));
    }

    @Override
    public List<FieldError> validateUpdate(Secret secret, Secret old) {
        return SecretRules.validateUpdate(fields(secret), fields(old));
    }

    private static SecretRules.Fields fields(Secret s) {
        return new SecretRules.Fields(s.metadata(), s.immutable(), s.data(), s.type());
    }
}
