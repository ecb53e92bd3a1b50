package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.validation.Validator;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileReference;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ValidateNamespacedCloudProfile}: a CloudProfile parent and additions in the parent's formats (versions
 * without classification, machine images possibly without versions, machine and volume types); the parent is
 * immutable. Checks against the parent's content belong to admission.
 */
public final class NamespacedCloudProfileValidator implements Validator<NamespacedCloudProfile> {

    @Override
    public List<FieldError> validate(NamespacedCloudProfile profile) {
        List<FieldError> errs = new ArrayList<>(ObjectMetaValidation.validate(
                profile.metadata(), true, NameRules.DNS_SUBDOMAIN_NAME, FieldPath.of("metadata")));
        NamespacedCloudProfileSpec spec = spec(profile);
        CloudProfileReference parent = spec.parent() == null ? new CloudProfileReference(null, null) : spec.parent();
        FieldPath parentPath = FieldPath.of("spec.parent");
        if (!"CloudProfile".equals(parent.kind())) {
            errs.add(FieldError.notSupported(
                    parentPath.child("kind").toString(), text(parent.kind()), List.of("CloudProfile")));
        }
        if (empty(parent.name())) {
            errs.add(FieldError.required(parentPath.child("name").toString(), "must provide a parent name"));
        }
        if (spec.kubernetes() != null) {
            FieldPath kp = FieldPath.of("spec.kubernetes");
            List<ExpirableVersion> versions = list(spec.kubernetes().versions());
            for (int i = 0; i < versions.size(); i++) {
                if (versions.get(i).classification() != null) {
                    errs.add(FieldError.forbidden(
                            kp.child("versions")
                                    .index(i)
                                    .child("classification")
                                    .toString(),
                            "must not provide a classification to a Kubernetes version in NamespacedCloudProfile"));
                }
            }
            errs.addAll(CloudProfileRules.kubernetesVersions(versions, kp));
        }
        errs.addAll(CloudProfileRules.machineImages(
                spec.machineImages(), Map.of(), FieldPath.of("spec.machineImages"), true));
        errs.addAll(CloudProfileRules.volumeTypes(spec.volumeTypes(), FieldPath.of("spec.volumeTypes")));
        errs.addAll(CloudProfileRules.machineTypes(spec.machineTypes(), Map.of(), FieldPath.of("spec.machineTypes")));
        errs.addAll(CloudProfileRules.caBundle(spec.caBundle(), FieldPath.of("spec.caBundle")));
        errs.addAll(CloudProfileRules.limits(
                spec.limits() == null ? null : spec.limits().maxNodesTotal(), FieldPath.of("spec.limits")));
        return errs;
    }

    @Override
    public List<FieldError> validateUpdate(NamespacedCloudProfile profile, NamespacedCloudProfile old) {
        List<FieldError> errs = new ArrayList<>(
                ObjectMetaValidation.validateUpdate(profile.metadata(), old.metadata(), FieldPath.of("metadata")));
        errs.addAll(CoreRules.immutable(spec(profile).parent(), spec(old).parent(), FieldPath.of("spec", "parent")));
        errs.addAll(CloudProfileRules.limits(
                spec(profile).limits() == null ? null : spec(profile).limits().maxNodesTotal(),
                FieldPath.of("spec", "limits")));
        errs.addAll(validate(profile));
        return errs;
    }

    /**
     * {@code ValidateNamespacedCloudProfileStatus}: the merged spec a NamespacedCloudProfile would get as
     * {@code status.cloudProfileSpec} must hold Kubernetes versions, and its images, machine and volume types
     * (where there are any) must be valid as a CloudProfile's, seen as they are (no v1beta1 defaults assumed).
     */
    public static List<FieldError> validateStatus(CloudProfileSpec spec, FieldPath path) {
        Map<String, List<String>> capabilities = CloudProfileValidator.capabilities(spec.machineCapabilities());
        List<FieldError> errs = new ArrayList<>(CloudProfileValidator.kubernetes(
                spec.kubernetes() == null ? null : spec.kubernetes().versions(), path.child("kubernetes")));
        if (!list(spec.machineImages()).isEmpty()) {
            errs.addAll(CloudProfileRules.cloudProfileMachineImages(
                    spec.machineImages(), capabilities, path.child("machineImages")));
        }
        if (!list(spec.machineTypes()).isEmpty()) {
            errs.addAll(
                    CloudProfileValidator.machineTypes(spec.machineTypes(), capabilities, path.child("machineTypes")));
        }
        if (!list(spec.volumeTypes()).isEmpty()) {
            errs.addAll(CloudProfileRules.volumeTypes(spec.volumeTypes(), path.child("volumeTypes")));
        }
        return errs;
    }

    private static NamespacedCloudProfileSpec spec(NamespacedCloudProfile p) {
        return p.spec() == null
                ? new NamespacedCloudProfileSpec(null, null, null, null, null, null, null, null)
                : p.spec();
    }
}
