package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.ExtensionResourceState;
import cloud.gardener.apiserver.api.core.v1beta1.GardenerResourceData;
import cloud.gardener.apiserver.api.core.v1beta1.ResourceData;
import cloud.gardener.apiserver.api.core.v1beta1.ShootState;
import cloud.gardener.apiserver.api.core.v1beta1.ShootStateSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;

/** {@code ValidateShootState}: named gardener data, typed extension states and resource references. */
public final class ShootStateValidator implements Validator<ShootState> {

    @Override
    public List<FieldError> validate(ShootState state) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                state.metadata(), true, NameRules.DNS_LABEL_NAME, FieldPath.of("metadata")));
        ShootStateSpec spec = state.spec() == null ? new ShootStateSpec(null, null, null) : state.spec();
        FieldPath path = FieldPath.of("spec");
        List<GardenerResourceData> gardener = list(spec.gardener());
        for (int i = 0; i < gardener.size(); i++) {
            if (empty(gardener.get(i).name())) {
                errs.add(FieldError.invalid(
                        path.child("gardener").index(i).child("name").toString(),
                        "",
                        "name of data required to generate resources cannot be empty"));
            }
        }
        List<ExtensionResourceState> extensions = list(spec.extensions());
        for (int i = 0; i < extensions.size(); i++) {
            ExtensionResourceState e = extensions.get(i);
            FieldPath idx = path.child("extensions").index(i);
            if (empty(e.kind())) {
                errs.add(FieldError.invalid(
                        idx.child("kind").toString(), text(e.kind()), "extension resource kind cannot be empty"));
            }
            if (e.purpose() != null && e.purpose().isEmpty()) {
                errs.add(FieldError.invalid(
                        idx.child("purpose").toString(), "", "extension resource purpose cannot be empty"));
            }
            // Gardener reports these under spec.resources
            errs.addAll(CoreRules.resources(e.resources(), path.child("resources"), false));
        }
        List<ResourceData> resources = list(spec.resources());
        for (int i = 0; i < resources.size(); i++) {
            errs.addAll(CoreRules.crossVersionObjectReference(
                    resources.get(i).crossVersionObjectReference(),
                    path.child("resources").index(i),
                    false));
        }
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(ShootState state, ShootState old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(state.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(validate(state));
        return errs;
    }
}
