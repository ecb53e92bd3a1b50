package cloud.gardener.apiserver.admission.plugins.global.extensionvalidation;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.GoErrors;
import cloud.gardener.apiserver.admission.plugins.support.RegisteredExtensions;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketProvider;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntrySpec;
import cloud.gardener.apiserver.api.core.v1beta1.ContainerRuntime;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.Exposure;
import cloud.gardener.apiserver.api.core.v1beta1.Extension;
import cloud.gardener.apiserver.api.core.v1beta1.Provider;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Worker;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.GoQuote;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Gardener's ExtensionValidator: BackupBuckets, BackupEntries, Seeds and Shoots may only use extension types
 * that a ControllerRegistration registers as primary (for the right cluster type); workerless shoots only
 * Extension types that support them. Checked when the spec changes; 403 otherwise.
 */
public final class ExtensionValidator extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ExtensionValidator";
    private static final String SEED = "seed";
    private static final String SHOOT = "shoot";

    private final ObjectLookup objects;

    public ExtensionValidator(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
    }

    /** One extension kind/type an object needs, with the message and field that name it. */
    private record Required(String kind, String type, String message, String field) {
        String error() {
            return message + ": " + field + " (" + GoQuote.quote(type) + ")";
        }
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        String kind = a.kind().kind();
        if (!a.kind().group().equals(StandardResources.CORE)
                || !List.of("BackupBucket", "BackupEntry", "Seed", "Shoot").contains(kind)
                || !specChanged(a, kind)) {
            return Future.succeededFuture();
        }
        return RegisteredExtensions.of(objects).compose(registered -> {
            return switch (kind) {
                case "BackupBucket" ->
                    single(
                            a,
                            registered,
                            new Required(
                                    "BackupBucket",
                                    bucketType(a.object(BackupBucket.class)),
                                    "given BackupBucket uses non-registered provider type",
                                    "spec.provider.type"));
                case "BackupEntry" -> {
                    BackupEntrySpec spec = a.object(BackupEntry.class).spec();
                    yield backupEntry(a, registered, spec == null ? "" : text(spec.bucketName()));
                }
                case "Seed" ->
                    all(a, registered, seedRequirements(a.object(Seed.class).spec()), SEED, List.of());
                default -> shoot(a, registered, a.object(Shoot.class).spec());
            };
        });
    }

    /** Whether the object's spec changed: only a changed spec is checked. */
    private static boolean specChanged(Attributes a, String kind) {
        return switch (kind) {
            case "BackupBucket" -> RequestChecks.specChanged(a, BackupBucket.class, BackupBucket::spec);
            case "BackupEntry" -> RequestChecks.specChanged(a, BackupEntry.class, BackupEntry::spec);
            case "Seed" -> RequestChecks.specChanged(a, Seed.class, Seed::spec);
            default -> RequestChecks.specChanged(a, Shoot.class, Shoot::spec);
        };
    }

    private Future<Void> backupEntry(Attributes a, RegisteredExtensions registered, String bucketName) {
        return objects.get(BackupBucket.class, GardenerResources.BACKUP_BUCKETS, "", bucketName)
                .compose(bucket -> {
                    if (bucket.isEmpty()) {
                        // The lister's NotFound, as Gardener passes it on.
                        return Future.failedFuture(ApiException.notFound(
                                new GroupResource(StandardResources.CORE, "backupbucket"), bucketName));
                    }
                    return single(
                            a,
                            registered,
                            new Required(
                                    "BackupEntry",
                                    bucketType(bucket.get()),
                                    "given BackupEntry references bucket using non-registered provider type",
                                    "spec.bucketName"));
                });
    }

    /** BackupBucket and BackupEntry: one requirement, any cluster type, a plain error. */
    private static Future<Void> single(Attributes a, RegisteredExtensions registered, Required required) {
        return registered.isPrimaryRegistered(required.kind(), required.type(), null)
                ? Future.succeededFuture()
                : Rejections.forbid(a, required.error());
    }

    private static Future<Void> all(
            Attributes a,
            RegisteredExtensions registered,
            List<Required> requirements,
            String clusterType,
            List<String> moreErrors) {
        List<String> errors = new ArrayList<>();
        for (Required r : requirements) {
            if (!registered.isPrimaryRegistered(r.kind(), r.type(), clusterType)) {
                errors.add(r.error());
            }
        }
        errors.addAll(moreErrors);
        return errors.isEmpty() ? Future.succeededFuture() : Rejections.forbid(a, GoErrors.multierror(errors));
    }

    private static String bucketType(BackupBucket bucket) {
        BackupBucketProvider provider =
                bucket.spec() == null ? null : bucket.spec().provider();
        return provider == null ? "" : text(provider.type());
    }

    private static List<Required> seedRequirements(SeedSpec spec) {
        String message = "given Seed uses non-registered";
        List<Required> required = new ArrayList<>();
        required.add(new Required(
                "ControlPlane",
                spec == null || spec.provider() == null
                        ? ""
                        : text(spec.provider().type()),
                message + " provider type",
                "spec.provider.type"));
        if (spec == null) {
            return required;
        }
        if (spec.backup() != null) {
            String provider = text(spec.backup().provider());
            required.add(
                    new Required("BackupBucket", provider, message + " backup provider type", "spec.backup.provider"));
            required.add(
                    new Required("BackupEntry", provider, message + " backup provider type", "spec.backup.provider"));
        }
        if (spec.ingress() != null && spec.dns() != null && spec.dns().provider() != null) {
            required.add(new Required(
                    "DNSRecord",
                    text(spec.dns().provider().type()),
                    message + " extension type",
                    "spec.dns.provider.type"));
        }
        addExtensions(required, spec.extensions(), message);
        return required;
    }

    private static void addExtensions(List<Required> required, List<Extension> extensions, String message) {
        int i = 0;
        for (Extension e : list(extensions)) {
            required.add(new Required(
                    "Extension", text(e.type()), message + " extension type", "spec.extensions[" + i++ + "].type"));
        }
    }

    private static Future<Void> shoot(Attributes a, RegisteredExtensions registered, ShootSpec spec) {
        String message = "given Shoot uses non-registered";
        Provider shootProvider = spec == null ? null : spec.provider();
        List<Worker> workers = shootProvider == null ? List.of() : list(shootProvider.workers());
        boolean workerless = workers.isEmpty();
        List<Required> required = new ArrayList<>();
        if (!workerless) {
            String provider = text(shootProvider.type());
            for (String kind : List.of("ControlPlane", "Infrastructure", "Worker")) {
                required.add(new Required(kind, provider, message + " provider type", "spec.provider.type"));
            }
            if (spec.networking() != null && spec.networking().type() != null) {
                required.add(new Required(
                        "Network", spec.networking().type(), message + " networking type", "spec.networking.type"));
            }
        }
        int i = 0;
        for (DNSProvider provider : spec == null || spec.dns() == null
                ? List.<DNSProvider>of()
                : list(spec.dns().providers())) {
            String type = provider.type();
            if (type != null && !"unmanaged".equals(type) && Boolean.TRUE.equals(provider.primary())) {
                required.add(new Required(
                        "DNSRecord", type, message + " extension type", "spec.dns.providers[" + i + "].type"));
            }
            i++;
        }
        addExtensions(required, spec == null ? null : spec.extensions(), message);
        int w = 0;
        for (Worker worker : workers) {
            String path = "spec.provider.workers[" + w++ + "]";
            int c = 0;
            for (ContainerRuntime cr : worker.cri() == null
                    ? List.<ContainerRuntime>of()
                    : list(worker.cri().containerRuntimes())) {
                required.add(new Required(
                        "ContainerRuntime",
                        text(cr.type()),
                        message + " container runtime type",
                        path + ".cri.containerRuntimes[" + c++ + "].type"));
            }
            if (worker.machine() == null || worker.machine().image() == null) {
                continue;
            }
            required.add(new Required(
                    "OperatingSystemConfig",
                    text(worker.machine().image().name()),
                    message + " operating system type",
                    path + ".machine.image.name"));
            Exposure exposure =
                    worker.controlPlane() == null ? null : worker.controlPlane().exposure();
            if (exposure != null && exposure.extension() != null) {
                required.add(new Required(
                        "SelfHostedShootExposure",
                        text(exposure.extension().type()),
                        message + " self hosted shoot exposure type",
                        path + ".controlPlane.exposure.type"));
            }
        }
        List<String> workerlessErrors = new ArrayList<>();
        if (workerless) {
            Set<String> supported = registered.workerlessSupportedExtensionTypes();
            for (Required r : required) {
                if (r.kind().equals("Extension") && !supported.contains(r.type())) {
                    workerlessErrors.add("given Shoot is workerless and uses non-supported extension type: " + r.field()
                            + " (" + GoQuote.quote(r.type()) + ")");
                }
            }
        }
        return all(a, registered, required, SHOOT, workerlessErrors);
    }
}
