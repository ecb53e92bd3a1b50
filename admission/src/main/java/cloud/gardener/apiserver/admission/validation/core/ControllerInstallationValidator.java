package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerInstallation;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerInstallationSpec;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateControllerInstallation}: a registration and a seed or shoot; the references are immutable. */
public final class ControllerInstallationValidator implements Validator<ControllerInstallation> {

    @Override
    public List<FieldError> validate(ControllerInstallation ci) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                ci.metadata(), false, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        ControllerInstallationSpec spec = spec(ci);
        FieldPath path = FieldPath.of("spec");
        if (spec.registrationRef() == null || empty(spec.registrationRef().name())) {
            errs.add(FieldError.required(path.child("registrationRef", "name").toString(), "field is required"));
        }
        if (spec.seedRef() == null && spec.shootRef() == null) {
            errs.add(FieldError.forbidden(path.child("seedRef").toString(), "either seedRef or shootRef must be set"));
        }
        if (spec.seedRef() != null && empty(spec.seedRef().name())) {
            errs.add(FieldError.required(path.child("seedRef", "name").toString(), "field is required"));
        }
        if (spec.shootRef() != null) {
            if (empty(spec.shootRef().name())) {
                errs.add(FieldError.required(path.child("shootRef", "name").toString(), "field is required"));
            }
            if (empty(spec.shootRef().namespace())) {
                errs.add(FieldError.required(path.child("shootRef", "namespace").toString(), "field is required"));
            }
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ControllerInstallation ci, ControllerInstallation old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(ci.metadata(), old.metadata(), FieldPath.of("metadata")));
        ControllerInstallationSpec spec = spec(ci);
        ControllerInstallationSpec oldSpec = spec(old);
        FieldPath path = FieldPath.of("spec");
        boolean deleting = ci.metadata() != null && ci.metadata().deletionTimestamp() != null;
        if (deleting && !CoreRules.semanticEqual(spec, oldSpec)) {
            errs.add(FieldError.forbidden(
                    path.toString(),
                    "cannot update controller installation spec if deletion timestamp is set. Requested changes: "
                            + CoreRules.tree(spec)));
        } else {
            errs.addAll(CoreRules.immutable(
                    name(spec.registrationRef()),
                    name(oldSpec.registrationRef()),
                    path.child("registrationRef", "name")));
            if (oldSpec.seedRef() != null && spec.seedRef() != null) {
                errs.addAll(CoreRules.immutable(
                        name(spec.seedRef()), name(oldSpec.seedRef()), path.child("seedRef", "name")));
            }
            if (oldSpec.shootRef() == null || spec.shootRef() == null) {
                errs.addAll(CoreRules.immutable(spec.shootRef(), oldSpec.shootRef(), path.child("shootRef")));
            } else {
                errs.addAll(CoreRules.immutable(
                        name(spec.shootRef()), name(oldSpec.shootRef()), path.child("shootRef", "name")));
                errs.addAll(CoreRules.immutable(
                        CoreRules.text(spec.shootRef().namespace()),
                        CoreRules.text(oldSpec.shootRef().namespace()),
                        path.child("shootRef", "namespace")));
            }
        }
        errs.addAll(validate(ci));
        return errs;
    }

    private static String name(ObjectReference ref) {
        return ref == null ? "" : CoreRules.text(ref.name());
    }

    private static ControllerInstallationSpec spec(ControllerInstallation ci) {
        return ci.spec() == null ? new ControllerInstallationSpec(null, null, null, null, null) : ci.spec();
    }
}
