package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.plugins.support.WorkloadIdentityTargets;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

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
        if ((group.equals(StandardResources.SECURITY) && kind.equals("CredentialsBinding"))
                || (core && kind.equals("SecretBinding"))) {
            result = RequestChecks.skipVerification(a) ? Future.succeededFuture() : bindings.check(a);
        } else if (group.equals(StandardResources.SEEDMANAGEMENT)
                && (kind.equals("Gardenlet") || kind.equals("ManagedSeed"))) {
            return RequestChecks.skipVerification(a) ? Future.succeededFuture() : checkGardenletCoexistence(a, kind);
        } else if (!core) {
            return Future.succeededFuture();
        } else {
            result = switch (kind) {
                case "Shoot" ->
                    RequestChecks.skipVerification(a) || !RequestChecks.specChanged(a)
                            ? Future.succeededFuture()
                            : shoots.check(a);
                case "Seed" ->
                    RequestChecks.skipVerification(a) || !RequestChecks.specChanged(a)
                            ? Future.succeededFuture()
                            : namedResources.check(
                                    a,
                                    GardenerResources.GARDEN_NAMESPACE,
                                    oldSpec(a).get("resources"),
                                    a.object().path("spec").get("resources"));
                case "Project" -> RequestChecks.skipVerification(a) ? Future.succeededFuture() : checkProject(a);
                case "BackupBucket" ->
                    RequestChecks.isMainResource(a) ? checkBackupBucket(a) : Future.succeededFuture();
                case "BackupEntry" -> checkBackupEntry(a);
                case "CloudProfile" ->
                    a.operation() == Operation.UPDATE && !RequestChecks.skipVerification(a)
                            ? cloudProfiles.checkCloudProfileUpdate(a)
                            : Future.succeededFuture();
                case "NamespacedCloudProfile" ->
                    a.operation() == Operation.UPDATE && !RequestChecks.skipVerification(a)
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

    private static JsonNode oldSpec(Attributes a) {
        return a.oldObject() == null ? MissingNode.getInstance() : a.oldObject().path("spec");
    }

    /** A project's namespace (on create, or when first set) must not belong to another project. */
    private Future<?> checkProject(Attributes a) {
        JsonNode namespace = a.object().path("spec").get("namespace");
        boolean newlySet = a.operation() == Operation.CREATE || !oldSpec(a).hasNonNull("namespace");
        if (!newlySet || namespace == null || namespace.isNull()) {
            return Future.succeededFuture();
        }
        String name = text(a.object(), "metadata", "name");
        return objects.list(GardenerResources.PROJECTS, "").compose(projects -> {
            for (ObjectNode p : projects) {
                if (namespace.asText().equals(text(p, "spec", "namespace"))
                        && p.path("spec").hasNonNull("namespace")
                        && !name.equals(text(p, "metadata", "name"))) {
                    return BindingReferences.fail(
                            "namespace \"" + namespace.asText() + "\" is already used by another project");
                }
            }
            return Future.succeededFuture();
        });
    }

    private Future<?> checkBackupBucket(Attributes a) {
        JsonNode spec = a.object().path("spec");
        Future<?> seed = spec.hasNonNull("seedName")
                        && !SemanticEquality.equal(oldSpec(a).get("seedName"), spec.get("seedName"))
                ? refs.seed(text(spec, "seedName"))
                : Future.succeededFuture();
        return seed.compose(v -> {
            JsonNode credentials = spec.get("credentialsRef");
            if (credentials == null || credentials.isNull()) {
                return BindingReferences.fail("spec.credentialsRef must be set or defaulted");
            }
            String namespace = text(credentials, "namespace");
            String name = text(credentials, "name");
            if (WorkloadIdentityTargets.isWorkloadIdentity(credentials)) {
                return refs.workloadIdentity(namespace, name);
            }
            if ("v1".equals(text(credentials, "apiVersion")) && "Secret".equals(text(credentials, "kind"))) {
                return refs.secret(namespace, name);
            }
            return BindingReferences.fail(
                    "unknown credentials ref: BackupBucket is referencing neither a Secret nor a WorkloadIdentity");
        });
    }

    private Future<?> checkBackupEntry(Attributes a) {
        JsonNode spec = a.object().path("spec");
        Future<?> seed = spec.hasNonNull("seedName")
                        && !SemanticEquality.equal(oldSpec(a).get("seedName"), spec.get("seedName"))
                ? refs.seed(text(spec, "seedName"))
                : Future.succeededFuture();
        return seed.compose(v -> SemanticEquality.equal(oldSpec(a).get("bucketName"), spec.get("bucketName"))
                ? Future.succeededFuture()
                : refs.fromLister(GardenerResources.BACKUP_BUCKETS, "backupbucket", "", text(spec, "bucketName")));
    }

    /** A BackupBucket stays while BackupEntries name it; a collection delete checks every bucket. */
    private Future<Void> validateBackupBucketDelete(Attributes a) {
        Future<List<String>> names = a.name().isEmpty()
                ? objects.listLive(GardenerResources.BACKUP_BUCKETS, "")
                        .map(buckets -> buckets.stream()
                                .map(b -> text(b, "metadata", "name"))
                                .toList())
                : Future.succeededFuture(List.of(a.name()));
        return names.compose(buckets -> objects.listLive(GardenerResources.BACKUP_ENTRIES, "")
                .compose(entries -> {
                    for (String bucket : buckets) {
                        List<String> referencing = new ArrayList<>();
                        for (ObjectNode entry : entries) {
                            if (bucket.equals(text(entry, "spec", "bucketName"))) {
                                referencing.add(
                                        text(entry, "metadata", "namespace") + "/" + text(entry, "metadata", "name"));
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
        JsonNode refsNode = a.object().path("spec").path("deployment").path("deploymentRefs");
        List<String> errors = new ArrayList<>();
        Future<?> all = Future.succeededFuture();
        for (JsonNode ref : refsNode) {
            String name = text(ref, "name");
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
        String namespace = text(a.object(), "metadata", "namespace");
        String name = text(a.object(), "metadata", "name");
        return objects.get(gardenlet ? GardenerResources.MANAGED_SEEDS : GardenerResources.GARDENLETS, namespace, name)
                .compose(other -> other.isEmpty()
                        ? Future.succeededFuture()
                        : Future.failedFuture(
                                ApiException.unknown("cannot create " + kind + " " + namespace + "/" + name
                                        + " since there is already a " + (gardenlet ? "ManagedSeed" : "Gardenlet")
                                        + " object with the same name")));
    }
}
