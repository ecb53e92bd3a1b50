package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileReference;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * The objects the Shoot plugins read, found as Gardener's listers and helpers find them
 * ({@code GetCloudProfileSpec}; a Project by namespace: {@link
 * cloud.gardener.apiserver.admission.plugins.support.Projects#forNamespace}); a missing reference is Gardener's
 * internal error.
 */
public final class GardenObjects {

    public static final String GROUP = StandardResources.CORE;
    public static final GroupResource SHOOTS = new GroupResource(GROUP, "shoots");
    public static final GroupResource CLOUD_PROFILES = new GroupResource(GROUP, "cloudprofiles");
    public static final GroupResource NAMESPACED_CLOUD_PROFILES = new GroupResource(GROUP, "namespacedcloudprofiles");
    public static final GroupResource SEEDS = new GroupResource(GROUP, "seeds");
    public static final GroupResource PROJECTS = new GroupResource(GROUP, "projects");
    public static final GroupResource SECRET_BINDINGS = new GroupResource(GROUP, "secretbindings");
    public static final GroupResource QUOTAS = new GroupResource(GROUP, "quotas");
    public static final GroupResource CREDENTIALS_BINDINGS = Kinds.CREDENTIALS_BINDING.groupResource();
    public static final GroupResource SECRETS = new GroupResource("", "secrets");

    /** Go's zero CloudProfileSpec. */
    public static final CloudProfileSpec ZERO_SPEC =
            (CloudProfileSpec) RecordModel.of(CloudProfileSpec.class).zero();

    private final ObjectLookup objects;

    public GardenObjects(ObjectLookup objects) {
        this.objects = objects;
    }

    /** A shoot's cloud profile reference (kind, name) as {@code BuildCoreCloudProfileReference}, or null. */
    public static String[] cloudProfileReference(JsonNode shoot) {
        JsonNode ref = shoot.path("spec").path("cloudProfile");
        if (ref.isObject()) {
            return reference(ref.path("kind").asText(""), ref.path("name").asText(""));
        }
        return reference(null, shoot.path("spec").path("cloudProfileName").asText(""));
    }

    /** {@link #cloudProfileReference(JsonNode)} of a Shoot record. */
    public static String[] cloudProfileReference(Shoot shoot) {
        ShootSpec spec = shoot.spec();
        if (spec == null) {
            return null;
        }
        CloudProfileReference ref = spec.cloudProfile();
        return ref != null
                ? reference(CoreRules.text(ref.kind()), CoreRules.text(ref.name()))
                : reference(null, CoreRules.text(spec.cloudProfileName()));
    }

    /** The reference to a {@code cloudProfile} of {@code kind} (empty: a CloudProfile), else to the named one. */
    private static String[] reference(String kind, String name) {
        if (kind != null) {
            return new String[] {kind.isEmpty() ? "CloudProfile" : kind, name};
        }
        return name.isEmpty() ? null : new String[] {"CloudProfile", name};
    }

    /**
     * {@code GetCloudProfileSpec}: the CloudProfile's spec or the NamespacedCloudProfile's status spec (Go's zero spec
     * while its controller has not filled the status: the plugins go on with it, as Gardener's do); empty only when the
     * shoot names none; a failed future (internal error with {@code messagePrefix}) when it is missing.
     */
    public Future<Optional<CloudProfileSpec>> cloudProfileSpec(JsonNode shoot, String namespace, String messagePrefix) {
        return cloudProfileSpec(cloudProfileReference(shoot), namespace, messagePrefix);
    }

    /** {@link #cloudProfileSpec(JsonNode, String, String)} of a Shoot record. */
    public Future<Optional<CloudProfileSpec>> cloudProfileSpec(Shoot shoot, String namespace, String messagePrefix) {
        return cloudProfileSpec(cloudProfileReference(shoot), namespace, messagePrefix);
    }

    private Future<Optional<CloudProfileSpec>> cloudProfileSpec(String[] ref, String namespace, String messagePrefix) {
        if (ref == null) {
            return Future.succeededFuture(Optional.empty());
        }
        return switch (ref[0]) {
            case "NamespacedCloudProfile" ->
                objects.get(NamespacedCloudProfile.class, NAMESPACED_CLOUD_PROFILES, namespace, ref[1])
                        .compose(found -> found.isEmpty()
                                ? Future.failedFuture(ApiException.internal(messagePrefix
                                        + "namespacedcloudprofile.core.gardener.cloud \"" + ref[1] + "\" not found"))
                                : Future.succeededFuture(Optional.of(statusSpec(found.get()))));
            case "CloudProfile" ->
                objects.get(CloudProfile.class, CLOUD_PROFILES, "", ref[1])
                        .compose(found -> found.isEmpty()
                                ? Future.failedFuture(ApiException.internal(messagePrefix
                                        + "cloudprofile.core.gardener.cloud \"" + ref[1] + "\" not found"))
                                : Future.succeededFuture(Optional.of(found.get().spec())));
            default ->
                Future.failedFuture(ApiException.internal(
                        messagePrefix + "could not find referenced cloud profile with kind \"" + ref[0] + "\""));
        };
    }

    /** A NamespacedCloudProfile's {@code status.cloudProfileSpec}, Go's zero spec when it has none yet. */
    private static CloudProfileSpec statusSpec(NamespacedCloudProfile profile) {
        CloudProfileSpec spec =
                profile.status() == null ? null : profile.status().cloudProfileSpec();
        return spec == null ? ZERO_SPEC : spec;
    }

    public ObjectLookup lookup() {
        return objects;
    }
}
