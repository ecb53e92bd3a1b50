package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Gardener's {@code ValidateCloudProfileChanges}: a shoot moves only within one CloudProfile hierarchy (a CloudProfile
 * and the NamespacedCloudProfiles below it), and only to a profile that still has its machine types, volume types and
 * machine image versions. Its errors are plain errors, which the server answers with 500 as Gardener's does.
 */
final class CloudProfileChanges {

    private final GardenObjects garden;

    CloudProfileChanges(GardenObjects garden) {
        this.garden = garden;
    }

    Future<Void> validate(JsonNode shoot, JsonNode old, String namespace) {
        String[] oldRef = GardenObjects.cloudProfileReference(old);
        String[] newRef = GardenObjects.cloudProfileReference(shoot);
        if (oldRef == null || Arrays.equals(oldRef, newRef)) {
            return Future.succeededFuture();
        }
        return root(newRef, namespace).compose(newRoot -> root(oldRef, namespace).compose(oldRoot -> {
            if (!Arrays.equals(newRoot, oldRoot)) {
                String from = "\"" + oldRef[1] + "\"" + ("CloudProfile".equals(oldRef[0]) ? "" : " (root: \"" + oldRoot[1] + "\")");
                String to = "\"" + newRef[1] + "\"" + ("CloudProfile".equals(newRef[0]) ? "" : " (root: \"" + newRoot[1] + "\")");
                return Future.failedFuture(ApiException.unknown("cloud profile reference change is invalid: cannot change "
                        + "from " + from + " to " + to + ". The cloud profile reference must remain within the same hierarchy"));
            }
            return garden.cloudProfileSpec(shoot, namespace, "could not find cloudProfileSpec from the shoot cloudProfile "
                    + "reference: ").compose(newSpec -> garden.cloudProfileSpec(old, namespace, "could not find "
                    + "cloudProfileSpec from the shoot cloudProfile reference: ").compose(oldSpec ->
                    stillSupported(shoot, newSpec.orElse(null), oldSpec.orElse(null))));
        }));
    }

    private static Future<Void> stillSupported(JsonNode shoot, CloudProfileSpec spec, CloudProfileSpec oldSpec) {
        if (spec == null || oldSpec == null) {
            return Future.succeededFuture();
        }
        for (JsonNode w : shoot.path("spec").path("provider").path("workers")) {
            String worker = w.path("name").asText("");
            JsonNode image = w.path("machine").path("image");
            if (image.isObject()) {
                String name = image.path("name").asText("");
                String version = image.path("version").asText("");
                if (hasVersion(oldSpec, name, version) && !hasVersion(spec, name, version)) {
                    return fail("newly referenced cloud profile does not contain the machine image version \"" + name + "@"
                            + version + "\" currently in use by worker \"" + worker + "\"");
                }
            }
            String type = w.path("machine").path("type").asText("");
            if (spec.machineTypes() == null || spec.machineTypes().stream().noneMatch(t -> t.name().equals(type))) {
                return fail("newly referenced cloud profile does not contain the machine type \"" + type
                        + "\" currently in use by worker \"" + worker + "\"");
            }
            JsonNode volumeType = w.path("volume").path("type");
            if (volumeType.isTextual() && (spec.volumeTypes() == null
                    || spec.volumeTypes().stream().noneMatch(t -> t.name().equals(volumeType.asText())))) {
                return fail("newly referenced cloud profile does not contain the volume type \"" + volumeType.asText()
                        + "\" currently in use by worker \"" + worker + "\"");
            }
        }
        return Future.succeededFuture();
    }

    private static boolean hasVersion(CloudProfileSpec spec, String name, String version) {
        for (MachineImage mi : spec.machineImages() == null ? List.<MachineImage>of() : spec.machineImages()) {
            if (mi.name().equals(name) && mi.versions() != null) {
                for (MachineImageVersion v : mi.versions()) {
                    if (Objects.equals(v.expirableVersion().version(), version)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code getRootCloudProfile}: the CloudProfile at the top of a reference's hierarchy. */
    private Future<String[]> root(String[] ref, String namespace) {
        if ("CloudProfile".equals(ref[0])) {
            return Future.succeededFuture(ref);
        }
        if (!"NamespacedCloudProfile".equals(ref[0])) {
            return Future.failedFuture(ApiException.unknown("unexpected cloudprofile kind " + ref[0]));
        }
        return garden.lookup().get(NamespacedCloudProfile.class, GardenObjects.NAMESPACED_CLOUD_PROFILES, namespace, ref[1])
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(ApiException.unknown("namespacedcloudprofile.core.gardener.cloud \""
                                + ref[1] + "\" not found"));
                    }
                    var parent = found.get().spec().parent();
                    return root(new String[] {parent.kind(), parent.name()}, namespace);
                });
    }

    private static Future<Void> fail(String message) {
        return Future.failedFuture(ApiException.unknown(message));
    }

}
