package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootTrees;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Machine;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.MachineImageVersion;
import cloud.gardener.apiserver.api.core.v1beta1.MachineType;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootMachineImage;
import cloud.gardener.apiserver.api.core.v1beta1.VolumeType;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import io.vertx.core.Future;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Gardener's {@code ValidateCloudProfileChanges}: a shoot moves only within one CloudProfile hierarchy (a CloudProfile
 * and the NamespacedCloudProfiles below it, in any direction: {@code cloudProfileName} or {@code cloudProfile} of kind
 * CloudProfile to a descendant NamespacedCloudProfile, back to the parent, or to a sibling), and only to a profile that
 * still has the machine image versions, machine types and volume types its workers use. Kubernetes versions are not
 * checked: maintenance moves the shoot on. Its errors are plain errors, which the server answers with 500 as Gardener's
 * does; a NamespacedCloudProfile missing on the way to the root is the lister's 404.
 */
final class CloudProfileChanges {

    /** The lister's resource name in its NotFound ({@code v1beta1.Resource("namespacedcloudprofile")}). */
    private static final GroupResource NAMESPACED_CLOUD_PROFILE =
            new GroupResource(GardenObjects.GROUP, "namespacedcloudprofile");

    private static final String SPEC_NOT_FOUND =
            "could not find cloudProfileSpec from the shoot cloudProfile reference: ";

    private final GardenObjects garden;

    CloudProfileChanges(GardenObjects garden) {
        this.garden = garden;
    }

    Future<Void> validate(Shoot shoot, Shoot old, String namespace) {
        String[] oldRef = GardenObjects.cloudProfileReference(old);
        String[] newRef = GardenObjects.cloudProfileReference(shoot);
        if (oldRef == null || Arrays.equals(oldRef, newRef)) {
            return Future.succeededFuture();
        }
        if (newRef == null) {
            return fail("unexpected nil cloudprofile to get root of");
        }
        return root(newRef, namespace)
                .compose(newRoot -> root(oldRef, namespace).compose(oldRoot -> {
                    if (!Arrays.equals(newRoot, oldRoot)) {
                        String from = "\"" + oldRef[1] + "\""
                                + ("CloudProfile".equals(oldRef[0]) ? "" : " (root: \"" + oldRoot[1] + "\")");
                        String to = "\"" + newRef[1] + "\""
                                + ("CloudProfile".equals(newRef[0]) ? "" : " (root: \"" + newRoot[1] + "\")");
                        return fail("cloud profile reference change is invalid: cannot change from " + from + " to "
                                + to + ". The cloud profile reference must remain within the same hierarchy");
                    }
                    return spec(newRef, namespace)
                            .compose(newSpec -> spec(oldRef, namespace)
                                    .compose(oldSpec -> stillSupported(shoot, newSpec, oldSpec)));
                }));
    }

    /**
     * {@code GetCloudProfileSpec} as this check reports it: a NamespacedCloudProfile's status spec (empty before its
     * controller has filled it), or the CloudProfile's spec.
     */
    private Future<Optional<CloudProfileSpec>> spec(String[] ref, String namespace) {
        return switch (ref[0]) {
            case "NamespacedCloudProfile" ->
                garden.lookup()
                        .get(NamespacedCloudProfile.class, GardenObjects.NAMESPACED_CLOUD_PROFILES, namespace, ref[1])
                        .compose(found -> found.isEmpty()
                                ? fail(SPEC_NOT_FOUND + "namespacedcloudprofile.core.gardener.cloud \"" + ref[1]
                                        + "\" not found")
                                : Future.succeededFuture(Optional.ofNullable(
                                        found.get().status() == null
                                                ? null
                                                : found.get().status().cloudProfileSpec())));
            case "CloudProfile" ->
                garden.lookup()
                        .get(CloudProfile.class, GardenObjects.CLOUD_PROFILES, "", ref[1])
                        .compose(found -> found.isEmpty()
                                ? fail(SPEC_NOT_FOUND + "cloudprofile.core.gardener.cloud \"" + ref[1] + "\" not found")
                                : Future.succeededFuture(
                                        Optional.ofNullable(found.get().spec())));
            default -> fail(SPEC_NOT_FOUND + "could not find referenced cloud profile with kind \"" + ref[0] + "\"");
        };
    }

    /** The workers' image versions (those the old profile had), machine types and volume types, worker by worker. */
    private static Future<Void> stillSupported(
            Shoot shoot, Optional<CloudProfileSpec> newSpec, Optional<CloudProfileSpec> oldSpec) {
        List<MachineImage> newImages =
                newSpec.map(CloudProfileSpec::machineImages).orElse(null);
        List<MachineImage> oldImages =
                oldSpec.map(CloudProfileSpec::machineImages).orElse(null);
        List<MachineType> machineTypes =
                newSpec.map(CloudProfileSpec::machineTypes).orElse(List.of());
        List<VolumeType> volumeTypes =
                newSpec.map(CloudProfileSpec::volumeTypes).orElse(List.of());
        for (Worker w : ShootTrees.workers(shoot.spec())) {
            String worker = CoreRules.text(w.name());
            Machine machine = w.machine();
            ShootMachineImage image = machine == null ? null : machine.image();
            if (image != null) {
                String name = CoreRules.text(image.name());
                String version = CoreRules.text(image.version());
                if (hasVersion(oldImages, name, version) && !hasVersion(newImages, name, version)) {
                    return fail("newly referenced cloud profile does not contain the machine image version \"" + name
                            + "@" + version + "\" currently in use by worker \"" + worker + "\"");
                }
            }
            String type = machine == null ? "" : CoreRules.text(machine.type());
            if (machineTypes == null
                    || machineTypes.stream().noneMatch(t -> t.name().equals(type))) {
                return fail("newly referenced cloud profile does not contain the machine type \"" + type
                        + "\" currently in use by worker \"" + worker + "\"");
            }
            String volumeType = w.volume() == null ? null : w.volume().type();
            if (volumeType != null
                    && (volumeTypes == null
                            || volumeTypes.stream().noneMatch(t -> t.name().equals(volumeType)))) {
                return fail("newly referenced cloud profile does not contain the volume type \"" + volumeType
                        + "\" currently in use by worker \"" + worker + "\"");
            }
        }
        return Future.succeededFuture();
    }

    /** Whether the images list the version ({@code GetMachineImageDiff}'s removed versions are old minus new). */
    private static boolean hasVersion(List<MachineImage> images, String name, String version) {
        for (MachineImage mi : images == null ? List.<MachineImage>of() : images) {
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
            return fail("unexpected cloudprofile kind " + ref[0]);
        }
        return garden.lookup()
                .get(NamespacedCloudProfile.class, GardenObjects.NAMESPACED_CLOUD_PROFILES, namespace, ref[1])
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(ApiException.notFound(NAMESPACED_CLOUD_PROFILE, ref[1]));
                    }
                    var parent = found.get().spec().parent();
                    return root(new String[] {parent.kind(), parent.name()}, namespace);
                });
    }

    private static <T> Future<T> fail(String message) {
        return Future.failedFuture(ApiException.unknown(message));
    }
}
