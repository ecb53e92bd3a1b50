package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.InternalSecret;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;

/** {@code ValidateInternalSecret}: the rules of a core/v1 Secret (keys, size, the data each type needs). */
public final class InternalSecretValidator implements Validator<InternalSecret> {

    @Override
    public List<FieldError> validate(InternalSecret secret) {
        return SecretRules.validate(fields(secret));
    }

    @Override
    public List<FieldError> validateUpdate(InternalSecret secret, InternalSecret old) {
        return SecretRules.validateUpdate(fields(secret), fields(old));
    }

    private static SecretRules.Fields fields(InternalSecret s) {
        return new SecretRules.Fields(s.metadata(), s.immutable(), s.data(), s.type());
    }
}
