package cloud.gardener.apiserver.admission.plugins.global.extensionlabels;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RegisteredExtensions;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Gardener's ExtensionLabels: replaces the extension labels of Seeds, SecretBindings, CredentialsBindings,
 * WorkloadIdentities, Shoots, (Namespaced)CloudProfiles, BackupBuckets and BackupEntries with
 * {@code <prefix><type>=true} for each extension type the object uses, so controllers can select by type.
 */
public final class ExtensionLabels extends BasePlugin implements MutatingPlugin {

    public static final String NAME = "ExtensionLabels";
    static final String EXTENSION = "extensions.extensions.gardener.cloud/";
    static final String PROVIDER = "provider.extensions.gardener.cloud/";
    static final String DNS_RECORD = "dnsrecord.extensions.gardener.cloud/";
    static final String NETWORKING = "networking.extensions.gardener.cloud/";
    static final String OPERATING_SYSTEM_CONFIG = "operatingsystemconfig.extensions.gardener.cloud/";
    static final String CONTAINER_RUNTIME = "containerruntime.extensions.gardener.cloud/";
    static final String SELF_HOSTED_SHOOT_EXPOSURE = "selfhostedshootexposure.extensions.gardener.cloud/";
    private static final List<String> PREFIXES = List.of(
            EXTENSION,
            PROVIDER,
            DNS_RECORD,
            NETWORKING,
            OPERATING_SYSTEM_CONFIG,
            CONTAINER_RUNTIME,
            SELF_HOSTED_SHOOT_EXPOSURE);

    private final ObjectLookup objects;

    public ExtensionLabels(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    @Override
    public Future<Void> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode object = a.object();
        JsonNode spec = object.path("spec");
        String group = a.kind().group();
        String kind = a.kind().kind();
        if (group.equals(StandardResources.SECURITY)) {
            return switch (kind) {
                case "CredentialsBinding" -> relabel(object, List.of(PROVIDER + text(object, "provider", "type")));
                case "WorkloadIdentity" -> relabel(object, List.of(PROVIDER + text(spec, "targetSystem", "type")));
                default -> Future.succeededFuture();
            };
        }
        if (!group.equals(StandardResources.CORE)) {
            return Future.succeededFuture();
        }
        return switch (kind) {
            case "Seed" -> registrations().compose(r -> relabel(object, seedLabels(spec, r)));
            case "Shoot" -> registrations().compose(r -> relabel(object, shootLabels(spec, r)));
            case "SecretBinding" -> relabel(object, secretBindingLabels(object));
            case "CloudProfile" -> relabel(object, List.of(PROVIDER + text(spec, "type")));
            case "BackupBucket" -> relabel(object, List.of(PROVIDER + text(spec, "provider", "type")));
            case "NamespacedCloudProfile" -> namespacedCloudProfile(object, spec);
            case "BackupEntry" ->
                objects.get(GardenerResources.BACKUP_BUCKETS, "", text(spec, "bucketName"))
                        .compose(bucket -> bucket.isEmpty()
                                ? Future.failedFuture(ApiException.internal("backupbucket.core.gardener.cloud \""
                                        + text(spec, "bucketName") + "\" not found"))
                                : relabel(object, List.of(PROVIDER + text(bucket.get(), "spec", "provider", "type"))));
            default -> Future.succeededFuture();
        };
    }

    private Future<RegisteredExtensions> registrations() {
        return objects.list(GardenerResources.CONTROLLER_REGISTRATIONS, "").map(RegisteredExtensions::new);
    }

    private Future<Void> namespacedCloudProfile(ObjectNode object, JsonNode spec) {
        if (!"CloudProfile".equals(text(spec, "parent", "kind"))) {
            return Future.failedFuture(ApiException.badRequest("invalid parent kind"));
        }
        String parent = text(spec, "parent", "name");
        // upstream's own 500: the plugin answers a missing parent with apierrors.NewInternalError
        return objects.get(GardenerResources.CLOUD_PROFILES, "", parent)
                .compose(found -> found.isEmpty()
                        ? Future.failedFuture(
                                ApiException.internal("cloudprofile.core.gardener.cloud \"" + parent + "\" not found"))
                        : relabel(object, List.of(PROVIDER + text(found.get(), "spec", "type"))));
    }

    private static List<String> secretBindingLabels(JsonNode binding) {
        List<String> labels = new ArrayList<>();
        if (binding.hasNonNull("provider")) {
            for (String type : text(binding, "provider", "type").split(",", -1)) {
                labels.add(PROVIDER + type);
            }
        }
        return labels;
    }

    private static List<String> seedLabels(JsonNode spec, RegisteredExtensions registered) {
        List<String> labels = new ArrayList<>();
        registered
                .enabledExtensionTypes("seed", spec.path("extensions"), false)
                .forEach(t -> labels.add(EXTENSION + t));
        labels.add(PROVIDER + text(spec, "provider", "type"));
        if (spec.hasNonNull("backup")) {
            labels.add(PROVIDER + text(spec, "backup", "provider"));
        }
        if (spec.path("dns").hasNonNull("provider")) {
            labels.add(DNS_RECORD + text(spec, "dns", "provider", "type"));
        }
        return labels;
    }

    private static List<String> shootLabels(JsonNode spec, RegisteredExtensions registered) {
        JsonNode workers = spec.path("provider").path("workers");
        List<String> labels = new ArrayList<>();
        registered
                .enabledExtensionTypes("shoot", spec.path("extensions"), workers.isEmpty())
                .forEach(t -> labels.add(EXTENSION + t));
        for (JsonNode pool : workers) {
            pool.path("cri").path("containerRuntimes").forEach(cr -> labels.add(CONTAINER_RUNTIME + text(cr, "type")));
            if (pool.path("machine").hasNonNull("image")) {
                labels.add(OPERATING_SYSTEM_CONFIG + text(pool, "machine", "image", "name"));
            }
            JsonNode extension = pool.path("controlPlane").path("exposure").path("extension");
            if (!extension.isMissingNode() && !extension.isNull()) {
                labels.add(SELF_HOSTED_SHOOT_EXPOSURE + text(extension, "type"));
            }
        }
        for (JsonNode provider : spec.path("dns").path("providers")) {
            if (provider.hasNonNull("type") && !"unmanaged".equals(text(provider, "type"))) {
                labels.add(DNS_RECORD + text(provider, "type"));
            }
        }
        labels.add(PROVIDER + text(spec, "provider", "type"));
        if (spec.path("networking").hasNonNull("type")) {
            labels.add(NETWORKING + text(spec, "networking", "type"));
        }
        return labels;
    }

    /** Drops every label with one of the extension prefixes, then sets each given label to "true". */
    private static Future<Void> relabel(ObjectNode object, List<String> labels) {
        ObjectNode metadata = object.withObjectProperty("metadata");
        if (metadata.get("labels") instanceof ObjectNode existing) {
            List<String> stale = new ArrayList<>();
            for (Iterator<String> it = existing.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (PREFIXES.stream().anyMatch(key::startsWith)) {
                    stale.add(key);
                }
            }
            existing.remove(stale);
        }
        for (String label : labels) {
            ObjectNode target = metadata.get("labels") instanceof ObjectNode l ? l : metadata.putObject("labels");
            target.put(label, "true");
        }
        return Future.succeededFuture();
    }
}
