package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.key;
import static cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager.ObjectNames.namespace;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.WorkloadIdentityTargets;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketSpec;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntrySpec;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistrationSpec;
import cloud.gardener.apiserver.api.core.v1beta1.DeploymentRef;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Gardener's ResourceReferenceManager: objects may only refer to objects that exist (and that the user may
 * read), and updates and deletes must not pull objects away from under their users. Every rejection is a
 * 403 worded as {@code admission.NewForbidden}, except a Gardenlet/ManagedSeed name clash, which Gardener
 * returns as a plain error (500).
 */
public final class ResourceReferenceManager extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ResourceReferenceManager";

    private final ObjectLookup objects;
    private final References refs;
    private final BindingReferences bindings;
    private final ShootReferences shoots;
    private final NamedResourceReferences namedResources;
    private final CloudProfileReferences cloudProfiles;

    public ResourceReferenceManager(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
        this.refs = new References(objects, context.authorizer());
        this.bindings = new BindingReferences(refs, context.dryRun());
        this.namedResources = new NamedResourceReferences(refs);
        this.shoots = new ShootReferences(refs, namedResources);
        this.cloudProfiles = new CloudProfileReferences(refs, context.clock());
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        String group = a.kind().group();
        String kind = a.kind().kind();
        boolean core = group.equals(StandardResources.CORE);
        if (a.operation() == Operation.DELETE) {
            return core && kind.equals("BackupBucket") && RequestChecks.isMainResource(a)
                    ? validateBackupBucketDelete(a)
                    : Future.succeededFuture();
        }
        Future<?> result;
        if (group.equals(StandardResources.SECURITY) && kind.equals("CredentialsBinding")) {
            result = RequestChecks.skipVerification(a, CredentialsBinding.class, CredentialsBinding::metadata)
                    ? Future.succeededFuture()
                    : bindings.check(a);
        } else if (core && kind.equals("SecretBinding")) {
            result = RequestChecks.skipVerification(a, SecretBinding.class, SecretBinding::metadata)
                    ? Future.succeededFuture()
                    : bindings.check(a);
        } else if (group.equals(StandardResources.SEEDMANAGEMENT)
                && (kind.equals("Gardenlet") || kind.equals("ManagedSeed"))) {
            boolean skip = kind.equals("Gardenlet")
                    ? RequestChecks.skipVerification(a, Gardenlet.class, Gardenlet::metadata)
                    : RequestChecks.skipVerification(a, ManagedSeed.class, ManagedSeed::metadata);
            return skip ? Future.succeededFuture() : checkGardenletCoexistence(a, kind);
        } else if (!core) {
            return Future.succeededFuture();
        } else {
            result = switch (kind) {
                case "Shoot" ->
                    RequestChecks.skipVerification(a, Shoot.class, Shoot::metadata)
                                    || !RequestChecks.specChanged(a, Shoot.class, Shoot::spec)
                            ? Future.succeededFuture()
                            : shoots.check(a);
                case "Seed" ->
                    RequestChecks.skipVerification(a, Seed.class, Seed::metadata)
                                    || !RequestChecks.specChanged(a, Seed.class, Seed::spec)
                            ? Future.succeededFuture()
                            : checkSeed(a);
                case "Project" ->
                    RequestChecks.skipVerification(a, Project.class, Project::metadata)
                            ? Future.succeededFuture()
                            : checkProject(a);
                case "BackupBucket" ->
                    RequestChecks.isMainResource(a) ? checkBackupBucket(a) : Future.succeededFuture();
                case "BackupEntry" -> checkBackupEntry(a);
                case "CloudProfile" ->
                    a.operation() == Operation.UPDATE
                                    && !RequestChecks.skipVerification(a, CloudProfile.class, CloudProfile::metadata)
                            ? cloudProfiles.checkCloudProfileUpdate(a)
                            : Future.succeededFuture();
                case "NamespacedCloudProfile" ->
                    a.operation() == Operation.UPDATE
                                    && !RequestChecks.skipVerification(
                                            a, NamespacedCloudProfile.class, NamespacedCloudProfile::metadata)
                            ? cloudProfiles.checkNamespacedCloudProfileUpdate(a)
                            : Future.succeededFuture();
                case "ControllerRegistration" -> checkControllerDeployments(a);
                default -> Future.succeededFuture();
            };
        }
        return result.<Void>mapEmpty()
                .recover(e -> e instanceof ReferenceProblem p
                        ? Rejections.forbid(a, p.getMessage())
                        : Future.failedFuture(e));
    }

    private Future<Void> checkSeed(Attributes a) {
        SeedSpec spec = a.object(Seed.class).spec();
        SeedSpec oldSpec =
                a.oldObject() == null ? null : a.oldObject(Seed.class).spec();
        return namedResources.check(
                a,
                GardenerResources.GARDEN_NAMESPACE,
                oldSpec == null ? null : oldSpec.resources(),
                spec == null ? null : spec.resources());
    }

    /** A project's namespace (on create, or when first set) must not belong to another project. */
    private Future<?> checkProject(Attributes a) {
        Project project = a.object(Project.class);
        String namespace = project.spec() == null ? null : project.spec().namespace();
        boolean newlySet = a.operation() == Operation.CREATE
                || a.oldObject() == null
                || namespaceOf(a.oldObject(Project.class)) == null;
        if (!newlySet || namespace == null) {
            return Future.succeededFuture();
        }
        String name = ObjectNames.name(project.metadata());
        return objects.list(Project.class, GardenerResources.PROJECTS, "").compose(projects -> {
            for (Project p : projects) {
                if (namespace.equals(namespaceOf(p)) && !name.equals(ObjectNames.name(p.metadata()))) {
                    return BindingReferences.fail("namespace \"" + namespace + "\" is already used by another project");
                }
            }
            return Future.succeededFuture();
        });
    }

    private static String namespaceOf(Project project) {
        return project.spec() == null ? null : project.spec().namespace();
    }

    private Future<?> checkBackupBucket(Attributes a) {
        BackupBucketSpec spec = a.object(BackupBucket.class).spec();
        String seedName = spec == null ? null : spec.seedName();
        BackupBucketSpec oldSpec =
                a.oldObject() == null ? null : a.oldObject(BackupBucket.class).spec();
        Future<?> seed = seedName != null && !seedName.equals(oldSpec == null ? null : oldSpec.seedName())
                ? refs.seed(seedName)
                : Future.succeededFuture();
        return seed.compose(v -> {
            ObjectReference credentials = spec == null ? null : spec.credentialsRef();
            if (credentials == null) {
                return BindingReferences.fail("spec.credentialsRef must be set or defaulted");
            }
            String namespace = text(credentials.namespace());
            String name = text(credentials.name());
            if (WorkloadIdentityTargets.isWorkloadIdentity(credentials)) {
                return refs.workloadIdentity(namespace, name);
            }
            if ("v1".equals(credentials.apiVersion()) && "Secret".equals(credentials.kind())) {
                return refs.secret(namespace, name);
            }
            return BindingReferences.fail(
                    "unknown credentials ref: BackupBucket is referencing neither a Secret nor a WorkloadIdentity");
        });
    }

    private Future<?> checkBackupEntry(Attributes a) {
        BackupEntrySpec spec = a.object(BackupEntry.class).spec();
        BackupEntrySpec oldSpec =
                a.oldObject() == null ? null : a.oldObject(BackupEntry.class).spec();
        String seedName = spec == null ? null : spec.seedName();
        String bucketName = spec == null ? null : spec.bucketName();
        Future<?> seed = seedName != null && !seedName.equals(oldSpec == null ? null : oldSpec.seedName())
                ? refs.seed(seedName)
                : Future.succeededFuture();
        return seed.compose(v -> Objects.equals(oldSpec == null ? null : oldSpec.bucketName(), bucketName)
                ? Future.succeededFuture()
                : refs.fromLister(GardenerResources.BACKUP_BUCKETS, "backupbucket", "", text(bucketName)));
    }

    /** A BackupBucket stays while BackupEntries name it; a collection delete checks every bucket. */
    private Future<Void> validateBackupBucketDelete(Attributes a) {
        Future<List<String>> names = a.name().isEmpty()
                ? objects.listLive(GardenerResources.BACKUP_BUCKETS, "")
                        .map(buckets -> buckets.stream()
                                .map(b -> ObjectNames.name(
                                        objects.decode(b, BackupBucket.class).metadata()))
                                .toList())
                : Future.succeededFuture(List.of(a.name()));
        return names.compose(buckets -> objects.listLive(GardenerResources.BACKUP_ENTRIES, "")
                .compose(entries -> {
                    for (String bucket : buckets) {
                        List<String> referencing = new ArrayList<>();
                        for (ObjectNode tree : entries) {
                            BackupEntry entry = objects.decode(tree, BackupEntry.class);
                            if (entry.spec() != null
                                    && bucket.equals(entry.spec().bucketName())) {
                                referencing.add(key(entry.metadata()));
                            }
                        }
                        if (!referencing.isEmpty()) {
                            Attributes named = new Attributes(
                                    a.kind(),
                                    a.resource(),
                                    a.subresource(),
                                    a.namespace(),
                                    bucket,
                                    a.operation(),
                                    a.object(),
                                    a.oldObject(),
                                    a.user(),
                                    a.dryRun());
                            return Rejections.forbid(
                                    named,
                                    "cannot delete BackupBucket because BackupEntries are still "
                                            + "referencing it, backupEntryNames: " + String.join(",", referencing));
                        }
                    }
                    return Future.succeededFuture();
                }));
    }

    private Future<?> checkControllerDeployments(Attributes a) {
        ControllerRegistrationSpec spec = a.object(ControllerRegistration.class).spec();
        List<DeploymentRef> deploymentRefs = spec == null || spec.deployment() == null
                ? null
                : spec.deployment().deploymentRefs();
        List<String> errors = new ArrayList<>();
        Future<?> all = Future.succeededFuture();
        for (DeploymentRef ref : CoreRules.list(deploymentRefs)) {
            String name = text(ref.name());
            all = all.compose(v -> refs.live(GardenerResources.CONTROLLER_DEPLOYMENTS, "", name)
                    .<Object>map(found -> found)
                    .recover(e -> {
                        if (e instanceof ReferenceProblem p) {
                            errors.add(p.getMessage());
                            return Future.succeededFuture();
                        }
                        return Future.failedFuture(e);
                    }));
        }
        return all.compose(v -> errors.isEmpty()
                ? Future.succeededFuture()
                : BindingReferences.fail(
                        cloud.gardener.apiserver.admission.plugins.support.GoErrors.multierror(errors)));
    }

    /** A Gardenlet and a ManagedSeed of the same name cannot both exist. */
    private Future<Void> checkGardenletCoexistence(Attributes a, String kind) {
        boolean gardenlet = kind.equals("Gardenlet");
        ObjectMeta meta = gardenlet
                ? a.object(Gardenlet.class).metadata()
                : a.object(ManagedSeed.class).metadata();
        String namespace = namespace(meta);
        String name = ObjectNames.name(meta);
        return objects.get(gardenlet ? GardenerResources.MANAGED_SEEDS : GardenerResources.GARDENLETS, namespace, name)
                .compose(other -> other.isEmpty()
                        ? Future.succeededFuture()
                        : Future.failedFuture(
                                ApiException.unknown("cannot create " + kind + " " + namespace + "/" + name
                                        + " since there is already a " + (gardenlet ? "ManagedSeed" : "Gardenlet")
                                        + " object with the same name")));
    }
}
