package cloud.gardener.apiserver.admission.validation.security;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBindingProvider;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/**
 * Static validation of {@code security.gardener.cloud/v1alpha1} CredentialsBindings, as Gardener's
 * {@code ValidateCredentialsBinding} and {@code ValidateCredentialsBindingUpdate}: a complete reference to a
 * Secret, InternalSecret or WorkloadIdentity, one provider type, named quotas; all three are immutable.
 */
public final class CredentialsBindingValidator implements Validator<CredentialsBinding> {

    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final ObjectReference EMPTY_REF = new ObjectReference(null, null, null, null, null, null, null);

    @Override
    public List<FieldError> validate(CredentialsBinding binding) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                binding.metadata(), true, ObjectMetaValidation.NAME_IS_DNS_SUBDOMAIN, METADATA));
        errs.addAll(CoreRules.credentialsRef(ref(binding.credentialsRef()), true, FieldPath.of("credentialsRef")));
        errs.addAll(validateProvider(binding.provider(), FieldPath.of("provider")));
        List<ObjectReference> quotas = CoreRules.list(binding.quotas());
        for (int i = 0; i < quotas.size(); i++) {
            errs.addAll(CoreRules.objectReferenceNameAndNamespace(
                    ref(quotas.get(i)), FieldPath.of("quotas").index(i), false));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(CredentialsBinding binding, CredentialsBinding old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(binding.metadata(), old.metadata(), METADATA));
        if (!CoreRules.semanticEqual(ref(binding.credentialsRef()), ref(old.credentialsRef()))) {
            errs.add(immutable("credentialsRef", new GoValue(goSyntax(ref(binding.credentialsRef())))));
        }
        if (!CoreRules.semanticEqual(binding.quotas(), old.quotas())) {
            errs.add(immutable("quotas", new GoValue(goSyntax(binding.quotas()))));
        }
        if (!type(binding.provider()).equals(type(old.provider()))) {
            errs.add(immutable(
                    "provider",
                    new GoValue("security.CredentialsBindingProvider{Type:" + quote(type(binding.provider())) + "}")));
        }
        errs.addAll(validate(binding));
        return errs;
    }

    /** {@code ValidateCredentialsBindingProvider}: exactly one provider type. */
    static List<FieldError> validateProvider(CredentialsBindingProvider provider, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String type = type(provider);
        if (type.isEmpty()) {
            errs.add(FieldError.required(path.child("type").toString(), "must specify a provider type"));
        }
        if (type.split(",", -1).length > 1) {
            errs.add(FieldError.invalid(path.child("type").toString(), type, "multiple providers specified"));
        }
        return errs;
    }

    private static FieldError immutable(String field, GoValue value) {
        return FieldError.invalid(field, value, ObjectMetaValidation.FIELD_IMMUTABLE);
    }

    private static String type(CredentialsBindingProvider provider) {
        return provider == null || provider.type() == null ? "" : provider.type();
    }

    private static ObjectReference ref(ObjectReference ref) {
        return ref == null ? EMPTY_REF : ref;
    }

    /** Go's {@code %#v} of a {@code []v1.ObjectReference}. */
    private static String goSyntax(List<ObjectReference> refs) {
        if (refs == null) {
            return "[]v1.ObjectReference(nil)";
        }
        StringBuilder sb = new StringBuilder("[]v1.ObjectReference{");
        for (int i = 0; i < refs.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(goSyntax(ref(refs.get(i))));
        }
        return sb.append('}').toString();
    }

    /** Go's {@code %#v} of a {@code v1.ObjectReference}. */
    private static String goSyntax(ObjectReference r) {
        return "v1.ObjectReference{Kind:" + quote(r.kind()) + ", Namespace:" + quote(r.namespace()) + ", Name:"
                + quote(r.name()) + ", UID:" + quote(r.uid()) + ", APIVersion:" + quote(r.apiVersion())
                + ", ResourceVersion:" + quote(r.resourceVersion()) + ", FieldPath:" + quote(r.fieldPath()) + "}";
    }

    private static String quote(String s) {
        return GoQuote.quote(s == null ? "" : s);
    }
}
