package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

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
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.defaults.CloudProfileDefaults;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import cloud.gardener.apiserver.api.validation.GoValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
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
        ObjectNode profile = a.object();
        JsonNode old = a.oldObject() == null ? MissingNode.getInstance() : a.oldObject();
        boolean update = a.operation() == Operation.UPDATE;
        if (update
                && Objects.equals(profile.get("spec"), old.get("spec"))
                && (Objects.equals(profile.get("metadata"), old.get("metadata"))
                        || profile.path("metadata").hasNonNull("deletionTimestamp"))) {
            return Future.succeededFuture();
        }
        String parentName = text(profile, "spec", "parent", "name");
        return objects.get(GardenerResources.CLOUD_PROFILES, "", parentName).compose(parent -> {
            if (parent.isEmpty()) {
                return Future.failedFuture(ApiException.badRequest("parent CloudProfile could not be found"));
            }
            // stored CloudProfiles are defaulted; a copy keeps the cached object untouched
            ObjectNode parentObject = parent.get().deepCopy();
            new CloudProfileDefaults().apply(parentObject);
            return review(profile, old, update, parentObject.path("spec"));
        });
    }

    /** Steps 2 to 5 of the class comment, against the parent's (defaulted) spec. */
    private Future<Void> review(ObjectNode profile, JsonNode old, boolean update, JsonNode parentSpec) {
        JsonNode definitions = parentSpec.path("machineCapabilities");
        ObjectNode spec = ParentFormat.transform(profile.path("spec"), definitions);
        ObjectNode oldSpec = ParentFormat.transform(old.path("spec"), definitions);
        String problem = kubernetesOverrides(spec, parentSpec, old, update);
        if (problem != null) {
            return Future.failedFuture(ApiException.unknown(problem));
        }
        Map<String, List<String>> capabilities = MachineImageRules.capabilities(
                ModelCodec.decode(parentSpec, CloudProfileSpec.class).value().machineCapabilities());
        List<FieldError> errors = machineImages(spec, oldSpec, parentSpec, old, update, capabilities);
        if (!errors.isEmpty()) {
            return Future.failedFuture(ApiException.unknown(aggregate(errors)));
        }
        List<FieldError> merged = NamespacedCloudProfileValidator.validateStatus(
                ModelCodec.decode(CloudProfileMerge.merge(parentSpec, spec), CloudProfileSpec.class)
                        .value(),
                FieldPath.of("status.cloudProfileSpec"));
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

    private String kubernetesOverrides(JsonNode spec, JsonNode parentSpec, JsonNode old, boolean update) {
        if (!spec.hasNonNull("kubernetes")) {
            return null;
        }
        JsonNode merged =
                old.path("status").path("cloudProfileSpec").path("kubernetes").path("versions");
        for (JsonNode version : spec.path("kubernetes").path("versions")) {
            String v = text(version, "version");
            if (find(parentSpec.path("kubernetes").path("versions"), v) == null) {
                return "invalid kubernetes version specified: '" + v
                        + "' does not exist in parent CloudProfile and thus " + "cannot be overridden";
            }
            if (!version.hasNonNull("expirationDate")) {
                return "specified version '" + v + "' does not set expiration date";
            }
            if (update && VersionLifecycle.isExpired(version, clock.instant())) {
                JsonNode override = find(merged, v);
                if (override == null || !sameInstant(override.get("expirationDate"), version.get("expirationDate"))) {
                    return "expiration date for version " + GoQuote.quote(v) + " is in the past";
                }
            }
        }
        return null;
    }

    private List<FieldError> machineImages(
            JsonNode spec,
            JsonNode oldSpec,
            JsonNode parentSpec,
            JsonNode old,
            boolean update,
            Map<String, List<String>> capabilities) {
        List<FieldError> errors = new ArrayList<>();
        int i = 0;
        for (JsonNode image : spec.path("machineImages")) {
            FieldPath imagePath = FieldPath.of("spec", "machineImages").index(i++);
            JsonNode parentImage = findImage(parentSpec, text(image, "name"));
            if (parentImage == null) {
                MachineImage own = ModelCodec.decode(image, MachineImage.class).value();
                errors.addAll(MachineImageRules.image(own, capabilities, imagePath));
                List<MachineImageVersion> versions = own.versions() == null ? List.of() : own.versions();
                for (int j = 0; j < versions.size(); j++) {
                    errors.addAll(MachineImageRules.additionalConfig(
                            versions.get(j), imagePath.child("versions").index(j), own, capabilities));
                }
            } else {
                extendedImage(image, parentImage, imagePath, oldSpec, old, update, capabilities, errors);
            }
        }
        return errors;
    }

    /** An image of the parent: its versions either override a parent version or are new ones of the profile. */
    private void extendedImage(
            JsonNode image,
            JsonNode parentImage,
            FieldPath imagePath,
            JsonNode oldSpec,
            JsonNode old,
            boolean update,
            Map<String, List<String>> capabilities,
            List<FieldError> errors) {
        String name = text(image, "name");
        JsonNode oldImage = update ? findImage(oldSpec, name) : null;
        if (oldImage != null && !text(image, "updateStrategy").equals(text(oldImage, "updateStrategy"))) {
            errors.add(FieldError.forbidden(
                    imagePath.child("updateStrategy").toString(),
                    "cannot update the machine "
                            + "image update strategy of " + GoQuote.quote(name)
                            + ", as this version has been added to the "
                            + "parent CloudProfile by now"));
        }
        JsonNode mergedImage = update ? findImage(old.path("status").path("cloudProfileSpec"), name) : null;
        MachineImage typed = null;
        int index = -1;
        for (JsonNode version : image.path("versions")) {
            FieldPath versionPath = imagePath.child("versions").index(++index);
            String v = text(version, "version");
            if (find(parentImage.path("versions"), v) == null) {
                typed = typed == null
                        ? ModelCodec.decode(image, MachineImage.class).value()
                        : typed;
                errors.addAll(MachineImageRules.version(typed, typed.versions().get(index), capabilities, versionPath));
                continue;
            }
            JsonNode oldVersion = oldImage == null ? null : find(oldImage.path("versions"), v);
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
                if (!version.hasNonNull("expirationDate")) {
                    errors.add(FieldError.invalid(
                            versionPath.child("expirationDate").toString(),
                            GoValue.NULL,
                            "expiration date for version " + GoQuote.quote(v) + " must be set"));
                }
            }
            if (update && VersionLifecycle.isExpired(version, clock.instant())) {
                JsonNode override = mergedImage == null ? null : find(mergedImage.path("versions"), v);
                if (override == null || !sameInstant(override.get("expirationDate"), version.get("expirationDate"))) {
                    errors.add(FieldError.invalid(
                            versionPath.child("expirationDate").toString(),
                            CoreRules.goTime(Time.parse(text(version, "expirationDate"))),
                            "expiration date for version " + GoQuote.quote(v) + " is in the past"));
                }
            }
        }
    }

    /** {@code validateNamespacedCloudProfileExtendedMachineImages}: an override only extends the expiration. */
    private static void extendedVersionFields(JsonNode version, String path, List<FieldError> errors) {
        String suffix = " to an extended machine image in NamespacedCloudProfile";
        if (!text(version, "classification").isEmpty()) {
            errors.add(FieldError.forbidden(path + ".classification", "must not provide a classification" + suffix));
        }
        if (!version.path("cri").isEmpty()) {
            errors.add(FieldError.forbidden(path + ".cri", "must not provide a cri" + suffix));
        }
        if (!version.path("architectures").isEmpty()) {
            errors.add(FieldError.forbidden(path + ".architectures", "must not provide an architecture" + suffix));
        }
        if (!version.path("capabilityFlavors").isEmpty()) {
            errors.add(FieldError.forbidden(path + ".capabilityFlavors", "must not provide capabilities" + suffix));
        }
        if (!text(version, "kubeletVersionConstraint").isEmpty()) {
            errors.add(FieldError.forbidden(
                    path + ".kubeletVersionConstraint", "must not provide a kubelet version constraint" + suffix));
        }
        if (version.hasNonNull("inPlaceUpdates")) {
            errors.add(FieldError.forbidden(path + ".inPlaceUpdates", "must not provide inPlaceUpdates" + suffix));
        }
    }

    private static JsonNode withoutExpiration(JsonNode version) {
        ObjectNode copy = version.deepCopy();
        copy.remove("expirationDate");
        return copy;
    }

    private static boolean sameInstant(JsonNode a, JsonNode b) {
        if (a == null || a.isNull() || b == null || b.isNull()) {
            return (a == null || a.isNull()) && (b == null || b.isNull());
        }
        return java.time.Instant.parse(a.asText()).equals(java.time.Instant.parse(b.asText()));
    }

    private static JsonNode findImage(JsonNode spec, String name) {
        for (JsonNode image : spec.path("machineImages")) {
            if (name.equals(text(image, "name"))) {
                return image;
            }
        }
        return null;
    }

    private static JsonNode find(JsonNode versions, String version) {
        for (JsonNode v : versions) {
            if (version.equals(text(v, "version"))) {
                return v;
            }
        }
        return null;
    }
}
