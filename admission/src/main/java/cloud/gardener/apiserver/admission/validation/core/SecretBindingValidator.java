package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.SecretReference;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ValidateSecretBinding}: a secret reference, valid quota references; the references are immutable. A new
 * binding also needs a provider type (the strategy's {@code ValidateSecretBindingProvider}); an update does not, so
 * that bindings stored before providers existed stay editable.
 */
public final class SecretBindingValidator implements Validator<SecretBinding> {

    @Override
    public List<FieldError> validate(SecretBinding binding) {
        List<FieldError> errs = validateBinding(binding);
        if (binding.provider() == null) {
            errs.add(FieldError.required("provider", "must specify a provider"));
        } else if (empty(binding.provider().type())) {
            errs.add(FieldError.required("provider.type", "must specify a provider type"));
        }
        return errs;
    }

    /** {@code ValidateSecretBinding}. */
    private static List<FieldError> validateBinding(SecretBinding binding) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                binding.metadata(), true, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        SecretReference ref = binding.secretRef() == null ? new SecretReference(null, null) : binding.secretRef();
        FieldPath refPath = FieldPath.of("secretRef");
        if (empty(ref.name())) {
            errs.add(FieldError.required(refPath.child("name").toString(), "must provide a name"));
        } else {
            errs.addAll(CoreRules.dns1123Subdomain(ref.name(), refPath.child("name")));
        }
        if (!empty(ref.namespace())) {
            errs.addAll(CoreRules.namespaceName(ref.namespace(), refPath.child("namespace")));
        }
        List<ObjectReference> quotas = CoreRules.list(binding.quotas());
        for (int i = 0; i < quotas.size(); i++) {
            errs.addAll(CoreRules.objectReferenceNameAndNamespace(
                    quotas.get(i), FieldPath.of("quotas").index(i), false));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(SecretBinding binding, SecretBinding old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(binding.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(CoreRules.immutable(binding.secretRef(), old.secretRef(), FieldPath.of("secretRef")));
        errs.addAll(CoreRules.immutable(binding.quotas(), old.quotas(), FieldPath.of("quotas")));
        if (old.provider() != null) {
            errs.addAll(CoreRules.immutable(binding.provider(), old.provider(), FieldPath.of("provider")));
        }
        errs.addAll(validateBinding(binding));
        return errs;
    }
}
