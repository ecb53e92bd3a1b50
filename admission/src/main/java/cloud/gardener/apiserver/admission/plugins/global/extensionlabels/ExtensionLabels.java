package cloud.gardener.apiserver.admission.plugins.global.extensionlabels;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RegisteredExtensions;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketProvider;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketSpec;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntrySpec;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileReference;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.Exposure;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.core.v1beta1.WorkerControlPlane;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBindingProvider;
import cloud.gardener.apiserver.api.security.v1alpha1.TargetSystem;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentitySpec;
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
    public Future<Mutation> admit(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        ObjectNode object = a.object();
        String group = a.kind().group();
        String kind = a.kind().kind();
        if (group.equals(StandardResources.SECURITY)) {
            return switch (kind) {
                case "CredentialsBinding" -> {
                    CredentialsBindingProvider provider =
                            a.object(CredentialsBinding.class).provider();
                    yield relabel(object, List.of(PROVIDER + (provider == null ? "" : text(provider.type()))));
                }
                case "WorkloadIdentity" -> {
                    WorkloadIdentitySpec spec = a.object(WorkloadIdentity.class).spec();
                    TargetSystem target = spec == null ? null : spec.targetSystem();
                    yield relabel(object, List.of(PROVIDER + (target == null ? "" : text(target.type()))));
                }
                default -> Mutation.none();
            };
        }
        if (!group.equals(StandardResources.CORE)) {
            return Mutation.none();
        }
        return switch (kind) {
            case "Seed" -> {
                SeedSpec spec = a.object(Seed.class).spec();
                yield RegisteredExtensions.of(objects).compose(r -> relabel(object, seedLabels(spec, r)));
            }
            case "Shoot" -> {
                ShootSpec spec = a.object(Shoot.class).spec();
                yield RegisteredExtensions.of(objects).compose(r -> relabel(object, shootLabels(spec, r)));
            }
            case "SecretBinding" -> relabel(object, secretBindingLabels(a.object(SecretBinding.class)));
            case "CloudProfile" -> relabel(object, List.of(PROVIDER + cloudProfileType(a.object(CloudProfile.class))));
            case "BackupBucket" -> {
                BackupBucketSpec spec = a.object(BackupBucket.class).spec();
                BackupBucketProvider provider = spec == null ? null : spec.provider();
                yield relabel(object, List.of(PROVIDER + (provider == null ? "" : text(provider.type()))));
            }
            case "NamespacedCloudProfile" ->
                namespacedCloudProfile(
                        object, a.object(NamespacedCloudProfile.class).spec());
            case "BackupEntry" ->
                backupEntry(object, a.object(BackupEntry.class).spec());
            default -> Mutation.none();
        };
    }

    private Future<Mutation> backupEntry(ObjectNode object, BackupEntrySpec spec) {
        String bucketName = spec == null ? "" : text(spec.bucketName());
        return objects.get(BackupBucket.class, GardenerResources.BACKUP_BUCKETS, "", bucketName)
                .compose(bucket -> {
                    if (bucket.isEmpty()) {
                        return Future.failedFuture(ApiException.internal(
                                "backupbucket.core.gardener.cloud \"" + bucketName + "\" not found"));
                    }
                    BackupBucketSpec bucketSpec = bucket.get().spec();
                    BackupBucketProvider provider = bucketSpec == null ? null : bucketSpec.provider();
                    return relabel(object, List.of(PROVIDER + (provider == null ? "" : text(provider.type()))));
                });
    }

    private Future<Mutation> namespacedCloudProfile(ObjectNode object, NamespacedCloudProfileSpec spec) {
        CloudProfileReference reference = spec == null ? null : spec.parent();
        if (reference == null || !"CloudProfile".equals(reference.kind())) {
            return Future.failedFuture(ApiException.badRequest("invalid parent kind"));
        }
        String parent = text(reference.name());
        // upstream's own 500: the plugin answers a missing parent with apierrors.NewInternalError
        return objects.get(CloudProfile.class, GardenerResources.CLOUD_PROFILES, "", parent)
                .compose(found -> found.isEmpty()
                        ? Future.failedFuture(
                                ApiException.internal("cloudprofile.core.gardener.cloud \"" + parent + "\" not found"))
                        : relabel(object, List.of(PROVIDER + cloudProfileType(found.get()))));
    }

    private static String cloudProfileType(CloudProfile profile) {
        return profile.spec() == null ? "" : text(profile.spec().type());
    }

    private static List<String> secretBindingLabels(SecretBinding binding) {
        List<String> labels = new ArrayList<>();
        if (binding.provider() != null) {
            for (String type : text(binding.provider().type()).split(",", -1)) {
                labels.add(PROVIDER + type);
            }
        }
        return labels;
    }

    private static List<String> seedLabels(SeedSpec spec, RegisteredExtensions registered) {
        List<String> labels = new ArrayList<>();
        registered
                .enabledExtensionTypes("seed", spec == null ? null : spec.extensions(), false)
                .forEach(t -> labels.add(EXTENSION + t));
        SeedProvider provider = spec == null ? null : spec.provider();
        labels.add(PROVIDER + (provider == null ? "" : text(provider.type())));
        if (spec != null && spec.backup() != null) {
            labels.add(PROVIDER + text(spec.backup().provider()));
        }
        if (spec != null && spec.dns() != null && spec.dns().provider() != null) {
            labels.add(DNS_RECORD + text(spec.dns().provider().type()));
        }
        return labels;
    }

    private static List<String> shootLabels(ShootSpec spec, RegisteredExtensions registered) {
        Provider provider = spec == null ? null : spec.provider();
        List<Worker> workers = provider == null ? List.of() : list(provider.workers());
        List<String> labels = new ArrayList<>();
        registered
                .enabledExtensionTypes("shoot", spec == null ? null : spec.extensions(), workers.isEmpty())
                .forEach(t -> labels.add(EXTENSION + t));
        for (Worker pool : workers) {
            if (pool.cri() != null) {
                list(pool.cri().containerRuntimes()).forEach(cr -> labels.add(CONTAINER_RUNTIME + text(cr.type())));
            }
            if (pool.machine() != null && pool.machine().image() != null) {
                labels.add(OPERATING_SYSTEM_CONFIG + text(pool.machine().image().name()));
            }
            WorkerControlPlane controlPlane = pool.controlPlane();
            Exposure exposure = controlPlane == null ? null : controlPlane.exposure();
            if (exposure != null && exposure.extension() != null) {
                labels.add(
                        SELF_HOSTED_SHOOT_EXPOSURE + text(exposure.extension().type()));
            }
        }
        if (spec != null && spec.dns() != null) {
            for (DNSProvider dnsProvider : list(spec.dns().providers())) {
                if (dnsProvider.type() != null && !"unmanaged".equals(dnsProvider.type())) {
                    labels.add(DNS_RECORD + dnsProvider.type());
                }
            }
        }
        labels.add(PROVIDER + (provider == null ? "" : text(provider.type())));
        if (spec != null && spec.networking() != null && spec.networking().type() != null) {
            labels.add(NETWORKING + spec.networking().type());
        }
        return labels;
    }

    /** Where the plugin writes an object: its labels (metadata made on the way). */
    private static final Mutation LABELS = Mutation.at(List.of(List.of("metadata", "labels")));

    /** Drops every label with one of the extension prefixes, then sets each given label to "true". */
    /** Replaces the extension labels; counts as a write (even when the labels come out the same). */
    private static Future<Mutation> relabel(ObjectNode object, List<String> labels) {
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
        return LABELS.answer();
    }
}
