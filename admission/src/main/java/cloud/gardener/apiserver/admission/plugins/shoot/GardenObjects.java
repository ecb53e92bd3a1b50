package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * The objects the Shoot plugins read, found as Gardener's listers and helpers find them
 * ({@code GetCloudProfileSpec}, {@code ProjectForNamespaceFromLister}); a missing reference is Gardener's
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

    private final ObjectLookup objects;

    public GardenObjects(ObjectLookup objects) {
        this.objects = objects;
    }

    /** A shoot's cloud profile reference (kind, name) as {@code BuildCoreCloudProfileReference}, or null. */
    public static String[] cloudProfileReference(JsonNode shoot) {
        JsonNode ref = shoot.path("spec").path("cloudProfile");
        if (ref.isObject()) {
            String kind = ref.path("kind").asText("");
            return new String[] {
                kind.isEmpty() ? "CloudProfile" : kind, ref.path("name").asText("")
            };
        }
        String name = shoot.path("spec").path("cloudProfileName").asText("");
        return name.isEmpty() ? null : new String[] {"CloudProfile", name};
    }

    /**
     * {@code GetCloudProfileSpec}: the CloudProfile's spec or the NamespacedCloudProfile's status spec; empty when
     * the shoot names none; a failed future (internal error with {@code messagePrefix}) when it is missing.
     */
    public Future<Optional<CloudProfileSpec>> cloudProfileSpec(JsonNode shoot, String namespace, String messagePrefix) {
        String[] ref = cloudProfileReference(shoot);
        if (ref == null) {
            return Future.succeededFuture(Optional.empty());
        }
        return switch (ref[0]) {
            case "NamespacedCloudProfile" ->
                objects.get(NamespacedCloudProfile.class, NAMESPACED_CLOUD_PROFILES, namespace, ref[1])
                        .compose(found -> found.isEmpty()
                                ? Future.failedFuture(ApiException.internal(messagePrefix
                                        + "namespacedcloudprofile.core.gardener.cloud \"" + ref[1] + "\" not found"))
                                : Future.succeededFuture(Optional.ofNullable(
                                        found.get().status() == null
                                                ? null
                                                : found.get().status().cloudProfileSpec())));
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

    /**
     * {@code ProjectForNamespaceFromLister}: the project whose spec.namespace is the namespace. Only that one is
     * decoded: every Shoot create and update asks, and decoding all of a landscape's Projects each time is work in
     * proportion to the Projects; nor are they scanned: the Projects filed under the namespace are tested.
     */
    public Future<Optional<Project>> projectForNamespace(String namespace) {
        return objects.candidates(PROJECTS, Projects.NAMESPACE, namespace)
                .map(projects -> projects.stream()
                        .filter(p -> namespace.equals(
                                p.path("spec").path("namespace").textValue()))
                        .findFirst()
                        .map(p -> objects.decode(p, Project.class)));
    }

    public ObjectLookup lookup() {
        return objects;
    }
}
