package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.empty;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.CloudProfileMerge;
import cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.ParentFormat;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.core.MachineImageRules;
import cloud.gardener.apiserver.admission.validation.core.NamespacedCloudProfileValidator;
import cloud.gardener.apiserver.admission.validation.core.VersionLifecycle;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileReference;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.core.v1beta1.KubernetesSettings;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.defaults.CloudProfileDefaults;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Gardener's NamespacedCloudProfileValidator, for creates and spec or metadata updates of NamespacedCloudProfiles:
 * <ol>
 *   <li>the parent CloudProfile must exist (400);</li>
 *   <li>the spec and the stored spec are brought into the parent's format ({@link ParentFormat}: architectures or
 *       capability flavors, machine type architectures or capabilities);</li>
 *   <li>Kubernetes version overrides must name parent versions and set an expiration date that is not newly in the
 *       past on update;</li>
 *   <li>machine images: overrides of parent versions may only set the expiration date (and must set it), keep the
 *       image's update strategy and, once stored, change nothing but the expiration date; versions the profile adds
 *       to a parent image must be valid ({@code ValidateMachineImageVersion}); images of its own must be valid
 *       images ({@code ValidateMachineImage} and {@code ValidateMachineImageAdditionalConfig}) under the parent's
 *       capabilities;</li>
 *   <li>the {@code status.cloudProfileSpec} the profile would get ({@link CloudProfileMerge}) must be valid
 *       ({@code ValidateNamespacedCloudProfileStatus}).</li>
 * </ol>
 * Gardener answers steps 3 to 5 with plain errors, i.e. 500 with the error's text: the first Kubernetes problem, the
 * aggregate of the machine image errors, or {@code error while validating merged NamespacedCloudProfile: [...]}.
 */
public final class NamespacedCloudProfileValidatorPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "NamespacedCloudProfileValidator";

    private final ObjectLookup objects;
    private final Clock clock;

    public NamespacedCloudProfileValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.clock = context.clock();
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!RequestChecks.isKind(a, StandardResources.CORE, "NamespacedCloudProfile")
                || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        NamespacedCloudProfile profile = a.object(NamespacedCloudProfile.class);
        NamespacedCloudProfile old = a.oldObject() == null ? null : a.oldObject(NamespacedCloudProfile.class);
        boolean update = a.operation() == Operation.UPDATE;
        if (update && unchanged(profile, old)) {
            return Future.succeededFuture();
        }
        CloudProfileReference parentReference =
                profile.spec() == null ? null : profile.spec().parent();
        String parentName = parentReference == null ? "" : text(parentReference.name());
        return objects.get(GardenerResources.CLOUD_PROFILES, "", parentName).compose(parent -> {
            if (parent.isEmpty()) {
                return Future.failedFuture(ApiException.badRequest("parent CloudProfile could not be found"));
            }
            return review(profile, old, update, defaultedSpec(parent.get()));
        });
    }

    /**
     * Gardener's early exit: an update that changes neither the spec nor the metadata (or only the metadata of a
     * profile being deleted) is not checked again.
     */
    private static boolean unchanged(NamespacedCloudProfile profile, NamespacedCloudProfile old) {
        if (old == null || !Objects.equals(profile.spec(), old.spec())) {
            return false;
        }
        ObjectMeta metadata = profile.metadata();
        return Objects.equals(metadata, old.metadata()) || (metadata != null && metadata.deletionTimestamp() != null);
    }

    /**
     * The parent's spec with the v1beta1 defaults: stored CloudProfiles are defaulted, so the shared record serves
     * unless defaulting a copy changes it (an object stored before a default existed).
     */
    private CloudProfileSpec defaultedSpec(ObjectNode stored) {
        ObjectNode defaulted = stored.deepCopy();
        new CloudProfileDefaults().apply(defaulted);
        CloudProfile parent = defaulted.equals(stored)
                ? objects.decode(stored, CloudProfile.class)
                : ModelCodec.decode(defaulted, CloudProfile.class).value();
        return parent.spec();
    }

    /** Steps 2 to 5 of the class comment, against the parent's (defaulted) spec. */
    private Future<Void> review(
            NamespacedCloudProfile profile, NamespacedCloudProfile old, boolean update, CloudProfileSpec parentSpec) {
        CloudProfileSpec parent = parentSpec == null
                ? (CloudProfileSpec) RecordModel.of(CloudProfileSpec.class).zero()
                : parentSpec;
        NamespacedCloudProfileSpec spec = ParentFormat.transform(profile.spec(), parent.machineCapabilities());
        NamespacedCloudProfileSpec oldSpec =
                ParentFormat.transform(old == null ? null : old.spec(), parent.machineCapabilities());
        CloudProfileSpec oldMerged =
                old == null || old.status() == null ? null : old.status().cloudProfileSpec();
        String problem = kubernetesOverrides(spec, parent, oldMerged, update);
        if (problem != null) {
            return Future.failedFuture(ApiException.unknown(problem));
        }
        Map<String, List<String>> capabilities = MachineImageRules.capabilities(parent.machineCapabilities());
        List<FieldError> errors = machineImages(spec, oldSpec, parent, oldMerged, update, capabilities);
        if (!errors.isEmpty()) {
            return Future.failedFuture(ApiException.unknown(aggregate(errors)));
        }
        List<FieldError> merged = NamespacedCloudProfileValidator.validateStatus(
                CloudProfileMerge.merge(parent, spec), FieldPath.of("status.cloudProfileSpec"));
        if (!merged.isEmpty()) {
            // Gardener formats the field.ErrorList with %+v: space-separated in brackets
            return Future.failedFuture(ApiException.unknown("error while validating merged NamespacedCloudProfile: "
                    + merged.stream().map(FieldError::toString).collect(Collectors.joining(" ", "[", "]"))));
        }
        return Future.succeededFuture();
    }

    /** {@code utilerrors.Aggregate}: one error alone, several in brackets. */
    private static String aggregate(List<FieldError> errors) {
        return errors.size() == 1
                ? errors.get(0).toString()
                : errors.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]"));
    }

    /**
     * {@code validateKubernetesVersionOverrides}: the first problem of the profile's Kubernetes versions.
     *
     * @param oldMerged the stored profile's {@code status.cloudProfileSpec}, or null
     */
    private String kubernetesOverrides(
            NamespacedCloudProfileSpec spec, CloudProfileSpec parentSpec, CloudProfileSpec oldMerged, boolean update) {
        if (spec.kubernetes() == null) {
            return null;
        }
        List<ExpirableVersion> merged = oldMerged == null ? null : versions(oldMerged.kubernetes());
        for (ExpirableVersion version : list(spec.kubernetes().versions())) {
            String v = text(version.version());
            if (find(versions(parentSpec.kubernetes()), v) == null) {
                return "invalid kubernetes version specified: '" + v
                        + "' does not exist in parent CloudProfile and thus " + "cannot be overridden";
            }
            if (version.expirationDate() == null) {
                return "specified version '" + v + "' does not set expiration date";
            }
            if (update && VersionLifecycle.isExpired(version, clock.instant())) {
                ExpirableVersion override = find(merged, v);
                if (override == null || !Objects.equals(override.expirationDate(), version.expirationDate())) {
                    return "expiration date for version " + GoQuote.quote(v) + " is in the past";
                }
            }
        }
        return null;
    }

    private List<FieldError> machineImages(
            NamespacedCloudProfileSpec spec,
            NamespacedCloudProfileSpec oldSpec,
            CloudProfileSpec parentSpec,
            CloudProfileSpec oldMerged,
            boolean update,
            Map<String, List<String>> capabilities) {
        List<FieldError> errors = new ArrayList<>();
        List<MachineImage> images = list(spec.machineImages());
        for (int i = 0; i < images.size(); i++) {
            MachineImage image = images.get(i);
            FieldPath imagePath = FieldPath.of("spec", "machineImages").index(i);
            MachineImage parentImage = findImage(parentSpec.machineImages(), text(image.name()));
            if (parentImage == null) {
                errors.addAll(MachineImageRules.image(image, capabilities, imagePath));
                List<MachineImageVersion> versions = list(image.versions());
                for (int j = 0; j < versions.size(); j++) {
                    errors.addAll(MachineImageRules.additionalConfig(
                            versions.get(j), imagePath.child("versions").index(j), image, capabilities));
                }
            } else {
                ImageContext context = new ImageContext(
                        update ? findImage(oldSpec.machineImages(), text(image.name())) : null,
                        update && oldMerged != null ? findImage(oldMerged.machineImages(), text(image.name())) : null,
                        update);
                extendedImage(image, parentImage, imagePath, context, capabilities, errors);
            }
        }
        return errors;
    }

    /**
     * The stored profile's view of an image the parent has.
     *
     * @param oldImage    the image in the stored spec (in the parent's format), or null
     * @param mergedImage the image in the stored {@code status.cloudProfileSpec}, or null
     */
    private record ImageContext(MachineImage oldImage, MachineImage mergedImage, boolean update) {}

    /** An image of the parent: its versions either override a parent version or are new ones of the profile. */
    private void extendedImage(
            MachineImage image,
            MachineImage parentImage,
            FieldPath imagePath,
            ImageContext old,
            Map<String, List<String>> capabilities,
            List<FieldError> errors) {
        String name = text(image.name());
        MachineImage oldImage = old.oldImage();
        if (oldImage != null && !text(image.updateStrategy()).equals(text(oldImage.updateStrategy()))) {
            errors.add(FieldError.forbidden(
                    imagePath.child("updateStrategy").toString(),
                    "cannot update the machine "
                            + "image update strategy of " + GoQuote.quote(name)
                            + ", as this version has been added to the "
                            + "parent CloudProfile by now"));
        }
        List<MachineImageVersion> versions = list(image.versions());
        for (int index = 0; index < versions.size(); index++) {
            MachineImageVersion version = versions.get(index);
            FieldPath versionPath = imagePath.child("versions").index(index);
            ExpirableVersion expirable = expirable(version);
            String v = text(expirable.version());
            if (findVersion(parentImage, v) == null) {
                errors.addAll(MachineImageRules.version(image, version, capabilities, versionPath));
                continue;
            }
            MachineImageVersion oldVersion = findVersion(oldImage, v);
            if (oldVersion != null && !withoutExpiration(oldVersion).equals(withoutExpiration(version))) {
                errors.add(FieldError.forbidden(
                        versionPath.toString(),
                        "cannot update the machine image version spec "
                                + "(except for the expiration date) of \"" + name + "@" + v
                                + "\", as this version has been added "
                                + "to the parent CloudProfile by now"));
            }
            if (oldVersion == null) {
                extendedVersionFields(version, versionPath.toString(), errors);
                if (expirable.expirationDate() == null) {
                    errors.add(FieldError.invalid(
                            versionPath.child("expirationDate").toString(),
                            GoValue.NULL,
                            "expiration date for version " + GoQuote.quote(v) + " must be set"));
                }
            }
            if (old.update() && VersionLifecycle.isExpired(expirable, clock.instant())) {
                MachineImageVersion override = findVersion(old.mergedImage(), v);
                if (override == null
                        || !Objects.equals(expirable(override).expirationDate(), expirable.expirationDate())) {
                    errors.add(FieldError.invalid(
                            versionPath.child("expirationDate").toString(),
                            CoreRules.goTime(expirable.expirationDate()),
                            "expiration date for version " + GoQuote.quote(v) + " is in the past"));
                }
            }
        }
    }

    /** {@code validateNamespacedCloudProfileExtendedMachineImages}: an override only extends the expiration. */
    private static void extendedVersionFields(MachineImageVersion version, String path, List<FieldError> errors) {
        String suffix = " to an extended machine image in NamespacedCloudProfile";
        if (!empty(expirable(version).classification())) {
            errors.add(FieldError.forbidden(path + ".classification", "must not provide a classification" + suffix));
        }
        if (!list(version.cri()).isEmpty()) {
            errors.add(FieldError.forbidden(path + ".cri", "must not provide a cri" + suffix));
        }
        if (!list(version.architectures()).isEmpty()) {
            errors.add(FieldError.forbidden(path + ".architectures", "must not provide an architecture" + suffix));
        }
        if (!list(version.capabilityFlavors()).isEmpty()) {
            errors.add(FieldError.forbidden(path + ".capabilityFlavors", "must not provide capabilities" + suffix));
        }
        if (!empty(version.kubeletVersionConstraint())) {
            errors.add(FieldError.forbidden(
                    path + ".kubeletVersionConstraint", "must not provide a kubelet version constraint" + suffix));
        }
        if (version.inPlaceUpdates() != null) {
            errors.add(FieldError.forbidden(path + ".inPlaceUpdates", "must not provide inPlaceUpdates" + suffix));
        }
    }

    /** The version without its expiration date: the one field an override of a stored version may change. */
    private static MachineImageVersion withoutExpiration(MachineImageVersion version) {
        ExpirableVersion expirable = expirable(version);
        return new MachineImageVersion(
                new ExpirableVersion(expirable.version(), null, expirable.classification(), expirable.lifecycle()),
                version.cri(),
                version.architectures(),
                version.kubeletVersionConstraint(),
                version.inPlaceUpdates(),
                version.capabilityFlavors());
    }

    private static ExpirableVersion expirable(MachineImageVersion version) {
        ExpirableVersion expirable = version.expirableVersion();
        return expirable == null ? new ExpirableVersion(null, null, null, null) : expirable;
    }

    private static List<ExpirableVersion> versions(KubernetesSettings kubernetes) {
        return kubernetes == null ? null : kubernetes.versions();
    }

    private static MachineImage findImage(List<MachineImage> images, String name) {
        for (MachineImage image : list(images)) {
            if (name.equals(text(image.name()))) {
                return image;
            }
        }
        return null;
    }

    private static MachineImageVersion findVersion(MachineImage image, String version) {
        for (MachineImageVersion v : image == null ? List.<MachineImageVersion>of() : list(image.versions())) {
            if (version.equals(text(expirable(v).version()))) {
                return v;
            }
        }
        return null;
    }

    private static ExpirableVersion find(List<ExpirableVersion> versions, String version) {
        for (ExpirableVersion v : list(versions)) {
            if (version.equals(text(v.version()))) {
                return v;
            }
        }
        return null;
    }
}
