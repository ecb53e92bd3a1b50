package cloud.gardener.apiserver.admission.validation.operations;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.operations.v1alpha1.Bastion;
import cloud.gardener.apiserver.api.operations.v1alpha1.BastionIngressPolicy;
import cloud.gardener.apiserver.api.operations.v1alpha1.BastionSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoValue;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/**
 * Static validation of {@code operations.gardener.cloud/v1alpha1} Bastions, as Gardener's {@code ValidateBastion}
 * and {@code ValidateBastionUpdate}: a shoot reference, a parseable SSH public key and at least one ingress CIDR;
 * the shoot, the key and the creator annotation never change.
 */
public final class BastionValidator implements Validator<Bastion> {

    static final String CREATED_BY_ANNOTATION = "gardener.cloud/created-by";
    private static final FieldPath METADATA = FieldPath.of("metadata");
    private static final FieldPath SPEC = FieldPath.of("spec");

    @Override
    public List<FieldError> validate(Bastion bastion) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                bastion.metadata(), true, ObjectMetaValidation.NAME_IS_DNS_LABEL, METADATA));
        BastionSpec spec = bastion.spec();
        String shootName = shootName(spec);
        if (shootName.isEmpty()) {
            errs.add(FieldError.invalid("spec.shootRef.name", shootName, "shoot reference must not be empty"));
        }
        String key = spec == null || spec.sshPublicKey() == null ? "" : spec.sshPublicKey();
        if (key.isEmpty()) {
            errs.add(FieldError.invalid(SPEC.child("sshPublicKey").toString(), key, "sshPublicKey must not be empty"));
        } else if (!SshPublicKeys.isAuthorizedKey(key)) {
            errs.add(FieldError.invalid(SPEC.child("sshPublicKey").toString(), key, "invalid sshPublicKey"));
        }
        List<BastionIngressPolicy> ingress = spec == null ? null : spec.ingress();
        String ingressPath = SPEC.child("ingress").toString();
        if (ingress == null || ingress.isEmpty()) {
            errs.add(FieldError.invalid(
                    ingressPath,
                    new GoValue(
                            ingress == null
                                    ? "[]operations.BastionIngressPolicy(nil)"
                                    : "[]operations.BastionIngressPolicy{}"),
                    "ingress must not be empty"));
        }
        for (BastionIngressPolicy policy : ingress == null ? List.<BastionIngressPolicy>of() : ingress) {
            String cidr = policy == null
                            || policy.ipBlock() == null
                            || policy.ipBlock().cidr() == null
                    ? ""
                    : policy.ipBlock().cidr();
            if (cidr.isEmpty()) {
                errs.add(FieldError.invalid(ingressPath, cidr, "CIDR must not be empty"));
            } else if (Cidr.parse(cidr) == null) {
                errs.add(FieldError.invalid(ingressPath, cidr, "invalid CIDR"));
            }
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(Bastion bastion, Bastion old) {
        List<FieldError> errs =
                new ArrayList<>(ObjectMetaValidation.validateUpdate(bastion.metadata(), old.metadata(), METADATA));
        errs.addAll(ObjectMetaValidation.immutable(
                createdBy(bastion.metadata()), createdBy(old.metadata()), FieldPath.of("metadata.annotations")));
        errs.addAll(ObjectMetaValidation.immutable(
                shootName(bastion.spec()), shootName(old.spec()), FieldPath.of("spec.shootRef.name")));
        errs.addAll(ObjectMetaValidation.immutable(
                sshPublicKey(bastion.spec()), sshPublicKey(old.spec()), SPEC.child("sshPublicKey")));
        errs.addAll(validate(bastion));
        return errs;
    }

    private static String createdBy(ObjectMeta meta) {
        return meta == null || meta.annotations() == null
                ? ""
                : meta.annotations().getOrDefault(CREATED_BY_ANNOTATION, "");
    }

    private static String shootName(BastionSpec spec) {
        return spec == null || spec.shootRef() == null || spec.shootRef().name() == null
                ? ""
                : spec.shootRef().name();
    }

    private static String sshPublicKey(BastionSpec spec) {
        return spec == null || spec.sshPublicKey() == null ? "" : spec.sshPublicKey();
    }
}
