package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator;

import static cloud.gardener.apiserver.admission.plugins.support.RequestChecks.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Handler;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.VersionLifecycle;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Gardener's NamespacedCloudProfileValidator: the parent CloudProfile must exist (400); Kubernetes version
 * overrides must name parent versions and set an expiration date that is not in the past on update; overrides
 * of parent machine image versions may only set the expiration date (and must set it), keep the image's update
 * strategy and, once stored, change nothing but the expiration date. Gardener answers these rules with plain
 * errors, i.e. 500.
 *
 * <p>Not done here: the full validation of images and versions the namespaced profile adds itself and of the
 * simulated merged {@code status.cloudProfileSpec} (Gardener's {@code ValidateMachineImage} and
 * {@code ValidateNamespacedCloudProfileStatus}), and the capability-flavor transformation before it.
 */
public final class NamespacedCloudProfileValidatorPlugin extends Handler implements ValidatingPlugin {

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
        if (!RequestChecks.isKind(a, StandardResources.CORE, "NamespacedCloudProfile") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        ObjectNode profile = a.object();
        JsonNode old = a.oldObject() == null ? MissingNode.getInstance() : a.oldObject();
        boolean update = a.operation() == Operation.UPDATE;
        if (update && Objects.equals(profile.get("spec"), old.get("spec"))
                && (Objects.equals(profile.get("metadata"), old.get("metadata"))
                        || profile.path("metadata").hasNonNull("deletionTimestamp"))) {
            return Future.succeededFuture();
        }
        String parentName = text(profile, "spec", "parent", "name");
        return objects.get(GardenerResources.CLOUD_PROFILES, "", parentName).compose(parent -> {
            if (parent.isEmpty()) {
                return Future.failedFuture(ApiException.badRequest("parent CloudProfile could not be found"));
            }
            JsonNode parentSpec = parent.get().path("spec");
            String problem = kubernetesOverrides(profile.path("spec"), parentSpec, old, update);
            if (problem != null) {
                return Future.failedFuture(ApiException.unknown(problem));
            }
            List<FieldError> errors = machineImageOverrides(profile.path("spec"), parentSpec, old, update);
            if (!errors.isEmpty()) {
                return Future.failedFuture(ApiException.unknown(errors.size() == 1 ? errors.get(0).toString()
                        : errors.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]"))));
            }
            return Future.succeededFuture();
        });
    }

    private String kubernetesOverrides(JsonNode spec, JsonNode parentSpec, JsonNode old, boolean update) {
        if (!spec.hasNonNull("kubernetes")) {
            return null;
        }
        JsonNode merged = old.path("status").path("cloudProfileSpec").path("kubernetes").path("versions");
        for (JsonNode version : spec.path("kubernetes").path("versions")) {
            String v = text(version, "version");
            if (find(parentSpec.path("kubernetes").path("versions"), v) == null) {
                return "invalid kubernetes version specified: '" + v + "' does not exist in parent CloudProfile and thus "
                        + "cannot be overridden";
            }
            if (!version.hasNonNull("expirationDate")) {
                return "specified version '" + v + "' does not set expiration date";
            }
            if (update && VersionLifecycle.isExpired(version, clock.instant())) {
                JsonNode override = find(merged, v);
                if (override == null || !sameInstant(override.get("expirationDate"), version.get("expirationDate"))) {
                    return "expiration date for version " + GoErrors.quote(v) + " is in the past";
                }
            }
        }
        return null;
    }

    private List<FieldError> machineImageOverrides(JsonNode spec, JsonNode parentSpec, JsonNode old, boolean update) {
        List<FieldError> errors = new ArrayList<>();
        int i = 0;
        for (JsonNode image : spec.path("machineImages")) {
            String imagePath = "spec.machineImages[" + i++ + "]";
            String name = text(image, "name");
            JsonNode parentImage = findImage(parentSpec, name);
            if (parentImage == null) {
                continue;
            }
            JsonNode oldImage = update ? findImage(old.path("spec"), name) : null;
            if (oldImage != null && !text(image, "updateStrategy").equals(text(oldImage, "updateStrategy"))) {
                errors.add(FieldError.forbidden(imagePath + ".updateStrategy", "cannot update the machine image update "
                        + "strategy of " + GoErrors.quote(name) + ", as this version has been added to the parent CloudProfile by now"));
            }
            JsonNode mergedImage = update ? findImage(old.path("status").path("cloudProfileSpec"), name) : null;
            int j = 0;
            for (JsonNode version : image.path("versions")) {
                String versionPath = imagePath + ".versions[" + j++ + "]";
                String v = text(version, "version");
                if (find(parentImage.path("versions"), v) == null) {
                    continue;
                }
                JsonNode oldVersion = oldImage == null ? null : find(oldImage.path("versions"), v);
                if (oldVersion != null && !withoutExpiration(oldVersion).equals(withoutExpiration(version))) {
                    errors.add(FieldError.forbidden(versionPath, "cannot update the machine image version spec (except for "
                            + "the expiration date) of \"" + name + "@" + v + "\", as this version has been added to the parent "
                            + "CloudProfile by now"));
                }
                if (oldVersion == null) {
                    extendedVersionFields(version, versionPath, errors);
                    if (!version.hasNonNull("expirationDate")) {
                        errors.add(FieldError.invalid(versionPath + ".expirationDate", null,
                                "expiration date for version " + GoErrors.quote(v) + " must be set"));
                    }
                }
                if (update && VersionLifecycle.isExpired(version, clock.instant())) {
                    JsonNode override = mergedImage == null ? null : find(mergedImage.path("versions"), v);
                    if (override == null || !sameInstant(override.get("expirationDate"), version.get("expirationDate"))) {
                        errors.add(FieldError.invalid(versionPath + ".expirationDate", text(version, "expirationDate"),
                                "expiration date for version " + GoErrors.quote(v) + " is in the past"));
                    }
                }
            }
        }
        return errors;
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
            errors.add(FieldError.forbidden(path + ".kubeletVersionConstraint", "must not provide a kubelet version constraint"
                    + suffix));
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
