package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntrySpec;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.OwnerReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.operations.v1alpha1.Bastion;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.GardenletConfig;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.authz.seed.BootstrapTokens;
import cloud.gardener.apiserver.authz.seed.SeedIdentity;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Gardener's SeedRestriction (the {@code seed-restriction.gardener.cloud} webhook of
 * gardener-admission-controller): gardenlets and seed extensions may only create, and for Seeds and
 * BackupBuckets change or delete, what belongs to their own seed. Other users are not restricted. A
 * CREATE of an object that already exists is allowed (the first CREATE was checked). Built in, it acts on
 * the operations and resources of the webhook's rules; {@link #review} is also what the webhook endpoint
 * answers with.
 */
public final class SeedRestriction implements ValidatingPlugin {

    public static final String NAME = "SeedRestriction";
    public static final String WEBHOOK_NAME = "seed-restriction.gardener.cloud";

    static final GroupResource BACKUP_BUCKETS = Kinds.BACKUP_BUCKET.groupResource();
    static final GroupResource BACKUP_ENTRIES = Kinds.BACKUP_ENTRY.groupResource();
    static final GroupResource BASTIONS = Kinds.BASTION.groupResource();
    static final GroupResource CSRS = new GroupResource("certificates.k8s.io", "certificatesigningrequests");
    static final GroupResource CLUSTER_ROLE_BINDINGS =
            new GroupResource("rbac.authorization.k8s.io", "clusterrolebindings");
    static final GroupResource CONFIG_MAPS = new GroupResource("", "configmaps");
    static final GroupResource INTERNAL_SECRETS = Kinds.INTERNAL_SECRET.groupResource();
    static final GroupResource GARDENLETS = Kinds.GARDENLET.groupResource();
    static final GroupResource MANAGED_SEEDS = Kinds.MANAGED_SEED.groupResource();
    static final GroupResource LEASES = new GroupResource("coordination.k8s.io", "leases");
    static final GroupResource SECRETS = new GroupResource("", "secrets");
    static final GroupResource SEEDS = Kinds.SEED.groupResource();
    static final GroupResource SERVICE_ACCOUNTS = new GroupResource("", "serviceaccounts");
    static final GroupResource SHOOTS = Kinds.SHOOT.groupResource();
    static final GroupResource SHOOT_STATES = Kinds.SHOOT_STATE.groupResource();

    /** The webhook's rules: which operations are checked per resource. */
    public static final Map<GroupResource, Set<Operation>> RULES = Map.ofEntries(
            Map.entry(CONFIG_MAPS, Set.of(Operation.CREATE)),
            Map.entry(SECRETS, Set.of(Operation.CREATE)),
            Map.entry(SERVICE_ACCOUNTS, Set.of(Operation.CREATE)),
            Map.entry(CLUSTER_ROLE_BINDINGS, Set.of(Operation.CREATE)),
            Map.entry(LEASES, Set.of(Operation.CREATE)),
            Map.entry(CSRS, Set.of(Operation.CREATE)),
            Map.entry(BACKUP_ENTRIES, Set.of(Operation.CREATE)),
            Map.entry(INTERNAL_SECRETS, Set.of(Operation.CREATE)),
            Map.entry(SHOOT_STATES, Set.of(Operation.CREATE)),
            Map.entry(BACKUP_BUCKETS, Set.of(Operation.CREATE, Operation.DELETE)),
            Map.entry(SEEDS, Set.of(Operation.CREATE, Operation.UPDATE, Operation.DELETE)),
            Map.entry(BASTIONS, Set.of(Operation.CREATE)),
            Map.entry(GARDENLETS, Set.of(Operation.CREATE)));

    static final String GARDEN = "garden";
    static final String KUBE_SYSTEM = "kube-system";
    static final String SEED_LEASE_NAMESPACE = "gardener-system-seed-lease";
    static final String SHOOT_ISSUER_NAMESPACE = "gardener-system-shoot-issuer";
    static final String GENERATED_BUCKET_PREFIX = "generated-bucket-";
    static final String BACKUP_SOURCE_PREFIX = "source";
    static final String[] SHOOT_PROJECT_SECRET_SUFFIXES = {"ca-cluster", "ssh-keypair", "ssh-keypair.old", "monitoring"
    };
    static final String[] SHOOT_PROJECT_CONFIG_MAP_SUFFIXES = {"ca-cluster", "ca-kubelet"};
    static final String SHOOT_PROJECT_INTERNAL_SECRET_SUFFIX = "ca-client";
    static final String KIND_MANAGED_SEED = "seedmanagement.gardener.cloud/v1alpha1.ManagedSeed resource";
    static final String KIND_GARDENLET = "seedmanagement.gardener.cloud/v1alpha1.Gardenlet resource";

    private final ObjectLookup lookup;
    private final Clock clock;

    public SeedRestriction(ObjectLookup lookup, Clock clock) {
        this.lookup = lookup;
        this.clock = clock;
    }

    public SeedRestriction(ObjectLookup lookup) {
        this(lookup, Clock.systemUTC());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean handles(Operation operation) {
        return operation != Operation.CONNECT;
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!a.subresource().isEmpty()
                || !RULES.getOrDefault(a.resource(), Set.of()).contains(a.operation())) {
            return Future.succeededFuture();
        }
        return review(a)
                .compose(verdict ->
                        verdict.allowed() ? Future.succeededFuture() : Future.failedFuture(toApiException(a, verdict)));
    }

    /** The request refused with the verdict's code, as the API server reports an admission rejection. */
    static ApiException toApiException(Attributes a, Verdict verdict) {
        return switch (verdict.code()) {
            case 403 -> Rejections.forbidden(a, verdict.message());
            case 400 -> ApiException.badRequest(verdict.message());
            case 500 -> ApiException.internal(verdict.message());
            default ->
                new ApiException(Status.failure(
                        verdict.code(),
                        verdict.code() == 422 ? "Invalid" : "",
                        verdict.message(),
                        StatusDetails.of(a.resource(), a.name())));
        };
    }

    /** The decision for one request, as the webhook's handler makes it. */
    public Future<Verdict> review(Attributes a) {
        Optional<SeedIdentity> identity = SeedIdentity.of(a.user());
        if (identity.isEmpty()) {
            return Future.succeededFuture(Verdict.ALLOWED);
        }
        if (!lookup.ready()) {
            return Future.succeededFuture(Verdict.forbidden(Rejections.NOT_READY));
        }
        Future<Boolean> exists =
                a.operation() == Operation.CREATE && !a.name().isEmpty() ? exists(a) : Future.succeededFuture(false);
        return exists.compose(present -> present
                        ? Future.succeededFuture(Verdict.allowed("object already exists"))
                        : dispatch(identity.get(), a))
                .otherwise(error -> Verdict.internal(String.valueOf(error.getMessage())));
    }

    /** Whether the object of a CREATE exists already; resources this server does not store never do. */
    private Future<Boolean> exists(Attributes a) {
        try {
            return lookup.get(a.resource(), a.namespace(), a.name())
                    .map(Optional::isPresent)
                    .otherwise(false);
        } catch (RuntimeException e) {
            return Future.succeededFuture(false);
        }
    }

    private Future<Verdict> dispatch(SeedIdentity identity, Attributes a) {
        String seed = identity.seedName();
        GroupResource resource = a.resource();
        if (resource.equals(BACKUP_BUCKETS)) {
            return backupBucket(seed, a);
        }
        if (resource.equals(SEEDS)) {
            return seed(seed, a);
        }
        if (a.operation() != Operation.CREATE) {
            return done(Verdict.badRequest("unexpected operation: \"" + a.operation() + "\""));
        }
        if (resource.equals(BACKUP_ENTRIES)) {
            return backupEntry(seed, a);
        }
        if (resource.equals(BASTIONS)) {
            return withObject(
                    a,
                    Bastion.class,
                    bastion -> done(admit(
                            seed, bastion.spec() == null ? null : bastion.spec().seedName())));
        }
        if (resource.equals(CSRS)) {
            return done(
                    identity.isExtension()
                            ? Verdict.forbidden("extension client may not create CertificateSigningRequests")
                            : SeedClientCsr.check(a.object(), seed));
        }
        if (resource.equals(CLUSTER_ROLE_BINDINGS)) {
            return clusterRoleBinding(identity, a);
        }
        if (resource.equals(CONFIG_MAPS)) {
            return configMap(seed, a);
        }
        if (resource.equals(INTERNAL_SECRETS)) {
            return internalSecret(seed, a);
        }
        if (resource.equals(GARDENLETS)) {
            return done(
                    !GARDEN.equals(a.namespace())
                            ? Verdict.badRequest("object must be in namespace: \"" + GARDEN + "\"")
                            : admit(seed, a.name()));
        }
        if (resource.equals(LEASES)) {
            return done(lease(identity, a));
        }
        if (resource.equals(SECRETS)) {
            return secret(seed, a);
        }
        if (resource.equals(SERVICE_ACCOUNTS)) {
            return serviceAccount(identity, a);
        }
        if (resource.equals(SHOOT_STATES)) {
            return shoot(a.namespace(), a.name())
                    .map(shoot -> shoot.isEmpty()
                            ? Verdict.internal(notFound(SHOOTS, a.name()))
                            : admit(
                                    seed,
                                    seedName(shoot.get()),
                                    shoot.get().status() == null
                                            ? null
                                            : shoot.get().status().seedName()));
        }
        return done(Verdict.badRequest("unexpected resource: \"" + resource + "\""));
    }

    private Future<Verdict> backupBucket(String seed, Attributes a) {
        if (a.operation() == Operation.CREATE) {
            return withObject(a, BackupBucket.class, bucket -> done(admit(seed, seedName(bucket))));
        }
        if (a.operation() == Operation.DELETE) {
            // A BackupBucket of a seed is named after the Seed's UID.
            return lookup.get(Seed.class, SEEDS, "", seed).map(found -> {
                if (found.isEmpty()) {
                    return Verdict.internal(notFound(SEEDS, seed));
                }
                ObjectMeta meta = found.get().metadata();
                return text(meta == null ? null : meta.uid()).equals(a.name())
                        ? Verdict.ALLOWED
                        : Verdict.forbidden("cannot delete unrelated BackupBucket");
            });
        }
        return done(Verdict.badRequest("unexpected operation: \"" + a.operation() + "\""));
    }

    private Future<Verdict> backupEntry(String seed, Attributes a) {
        return withObject(a, BackupEntry.class, entry -> {
            BackupEntrySpec spec = entry.spec();
            Verdict own = admit(seed, spec == null ? null : spec.seedName());
            if (!own.allowed()) {
                return done(own);
            }
            if (a.name().startsWith(BACKUP_SOURCE_PREFIX)) {
                return sourceBackupEntry(a, entry);
            }
            String bucket = spec == null ? "" : text(spec.bucketName());
            return lookup.get(BackupBucket.class, BACKUP_BUCKETS, "", bucket)
                    .map(found -> found.isEmpty()
                            ? Verdict.internal(notFound(BACKUP_BUCKETS, bucket))
                            : admit(seed, seedName(found.get())));
        });
    }

    /** {@code source-*} entries only while the owning shoot is being restored, and equal to the original. */
    private Future<Verdict> sourceBackupEntry(Attributes a, BackupEntry entry) {
        String shoot = shootOwner(entry.metadata());
        return shoot(a.namespace(), shoot).compose(found -> {
            if (found.isEmpty()) {
                return done(Verdict.internal(notFound(SHOOTS, shoot)));
            }
            LastOperation lastOperation =
                    found.get().status() == null ? null : found.get().status().lastOperation();
            if (lastOperation == null
                    || !"Restore".equals(lastOperation.type())
                    || !"Processing".equals(lastOperation.state())) {
                return done(Verdict.forbidden("creation of source BackupEntry is only allowed during shoot Restore "
                        + "operation (shoot: " + shoot + ")"));
            }
            String original = a.name().startsWith(BACKUP_SOURCE_PREFIX + "-")
                    ? a.name().substring(BACKUP_SOURCE_PREFIX.length() + 1)
                    : a.name();
            return lookup.get(BackupEntry.class, BACKUP_ENTRIES, a.namespace(), original)
                    .map(originalEntry -> {
                        if (originalEntry.isEmpty()) {
                            return Verdict.forbidden("could not find original BackupEntry " + original + ": "
                                    + notFound(BACKUP_ENTRIES, original));
                        }
                        // Go's Semantic.DeepEqual of the specs: members left out equal members set to null
                        return Objects.equals(entry.spec(), originalEntry.get().spec())
                                ? Verdict.ALLOWED
                                : Verdict.forbidden("specification of source BackupEntry must equal specification of "
                                        + "original BackupEntry " + original);
                    });
        });
    }

    private Future<Verdict> clusterRoleBinding(SeedIdentity identity, Attributes a) {
        if (identity.isExtension()) {
            return done(Verdict.forbidden("extension client may not create ClusterRoleBindings"));
        }
        if (!a.name().startsWith(BootstrapTokens.CLUSTER_ROLE_BINDING_PREFIX)) {
            return done(notOwn(identity.seedName()));
        }
        JsonNode roleRef = a.object().path("roleRef");
        if (!"rbac.authorization.k8s.io".equals(roleRef.path("apiGroup").asText())
                || !"ClusterRole".equals(roleRef.path("kind").asText())
                || !BootstrapTokens.SEED_BOOTSTRAPPER.equals(
                        roleRef.path("name").asText())) {
            return done(Verdict.forbidden("can only bindings referring to the bootstrapper role"));
        }
        String[] managedSeed = BootstrapTokens.managedSeedOfClusterRoleBinding(a.name());
        return managedSeedNotYetBootstrapped(identity.seedName(), managedSeed[0], managedSeed[1]);
    }

    private Future<Verdict> configMap(String seed, Attributes a) {
        for (String suffix : SHOOT_PROJECT_CONFIG_MAP_SUFFIXES) {
            if (a.name().endsWith("." + suffix)) {
                return shootOnSeed(
                        seed, a.namespace(), a.name().substring(0, a.name().length() - suffix.length() - 1));
            }
        }
        return done(notOwn(seed));
    }

    private Future<Verdict> internalSecret(String seed, Attributes a) {
        String suffix = "." + SHOOT_PROJECT_INTERNAL_SECRET_SUFFIX;
        if (a.name().endsWith(suffix)) {
            return shootOnSeed(
                    seed, a.namespace(), a.name().substring(0, a.name().length() - suffix.length()));
        }
        return done(notOwn(seed));
    }

    private static Verdict lease(SeedIdentity identity, Attributes a) {
        if (identity.isExtension()) {
            return a.namespace().equals(identity.seedNamespace())
                    ? Verdict.ALLOWED
                    : Verdict.forbidden("extension client can only create leases in the namespace for seed \""
                            + identity.seedName() + "\"");
        }
        if ("gardenlet-leader-election".equals(a.name())) {
            return Verdict.ALLOWED;
        }
        if (SEED_LEASE_NAMESPACE.equals(a.namespace())) {
            return admit(identity.seedName(), a.name());
        }
        return notOwn(identity.seedName());
    }

    private Future<Verdict> secret(String seed, Attributes a) {
        String name = a.name();
        if (name.startsWith(GENERATED_BUCKET_PREFIX)) {
            String bucket = name.substring(GENERATED_BUCKET_PREFIX.length());
            return lookup.get(BackupBucket.class, BACKUP_BUCKETS, "", bucket)
                    .map(found -> found.isEmpty()
                            ? Verdict.forbidden(notFound(BACKUP_BUCKETS, bucket))
                            : admit(seed, seedName(found.get())));
        }
        for (String suffix : SHOOT_PROJECT_SECRET_SUFFIXES) {
            if (name.endsWith("." + suffix)) {
                return shootOnSeed(seed, a.namespace(), name.substring(0, name.length() - suffix.length() - 1));
            }
        }
        if (SHOOT_ISSUER_NAMESPACE.equals(a.namespace())) {
            return withObject(a, Secret.class, secret -> shootIssuerSecret(seed, secret));
        }
        if (name.startsWith(BootstrapTokens.TOKEN_SECRET_PREFIX) && KUBE_SYSTEM.equals(a.namespace())) {
            return withObject(a, Secret.class, secret -> bootstrapTokenSecret(seed, secret));
        }
        return managedSeedBackupSecret(seed, a);
    }

    private Future<Verdict> shootIssuerSecret(String seed, Secret secret) {
        Map<String, String> labels =
                secret.metadata() == null || secret.metadata().labels() == null
                        ? Map.of()
                        : secret.metadata().labels();
        for (String label : new String[] {
            "shoot.gardener.cloud/name", "shoot.gardener.cloud/namespace", "discovery.gardener.cloud/public"
        }) {
            if (!labels.containsKey(label)) {
                return done(Verdict.invalid("label \"" + label + "\" is missing"));
            }
        }
        if (!"shoot-service-account-issuer".equals(labels.get("discovery.gardener.cloud/public"))) {
            return done(Verdict.invalid("label \"discovery.gardener.cloud/public\" value must be set to "
                    + "\"shoot-service-account-issuer\""));
        }
        String shootName = text(labels.get("shoot.gardener.cloud/name"));
        return shoot(text(labels.get("shoot.gardener.cloud/namespace")), shootName)
                .map(found -> found.isEmpty()
                        ? Verdict.forbidden(notFound(SHOOTS, shootName))
                        : admit(seed, seedName(found.get())));
    }

    private Future<Verdict> bootstrapTokenSecret(String seed, Secret secret) {
        if (!"bootstrap.kubernetes.io/token".equals(secret.type())) {
            return done(Verdict.invalid("unexpected secret type: \"" + text(secret.type()) + "\""));
        }
        SecretData data = new SecretData(secret);
        for (String usage : new String[] {"usage-bootstrap-authentication", "usage-bootstrap-signing"}) {
            if (!"true".equals(data.get(usage))) {
                return done(Verdict.invalid("\"" + usage + "\" must be set to 'true'"));
            }
        }
        if (data.has("auth-extra-groups")) {
            return done(Verdict.invalid("\"auth-extra-groups\" must not be set"));
        }
        String description = data.get("description");
        String kind = description.contains(KIND_MANAGED_SEED)
                ? KIND_MANAGED_SEED
                : description.contains(KIND_GARDENLET) ? KIND_GARDENLET : "";
        String prefix = "A bootstrap token for the Gardenlet for " + kind + " ";
        String metadata = description.endsWith(".") ? description.substring(0, description.length() - 1) : description;
        if (metadata.startsWith(prefix)) {
            metadata = metadata.substring(prefix.length());
        }
        String[] split = metadata.split("/", -1);
        String namespace = split.length > 1 ? split[0] : "";
        String name = split.length > 1 ? split[1] : split[0];
        if (KIND_MANAGED_SEED.equals(kind)) {
            return managedSeedNotYetBootstrapped(seed, namespace, name);
        }
        if (KIND_GARDENLET.equals(kind)) {
            return gardenletNotYetBootstrapped(seed, namespace, name);
        }
        return done(Verdict.badRequest(
                "unknown kind \"" + kind + "\" found in bootstrap token secret description \"" + description + "\""));
    }

    /** Backup credentials a ManagedSeed's seed template names, for a ManagedSeed whose shoot runs on this seed. */
    private Future<Verdict> managedSeedBackupSecret(String seed, Attributes a) {
        return lookup.list(ManagedSeed.class, MANAGED_SEEDS, "")
                .compose(managedSeeds -> checkManagedSeeds(seed, a, managedSeeds, 0));
    }

    private Future<Verdict> checkManagedSeeds(String seed, Attributes a, List<ManagedSeed> managedSeeds, int index) {
        if (index == managedSeeds.size()) {
            return done(notOwn(seed));
        }
        ManagedSeed managedSeed = managedSeeds.get(index);
        ObjectMeta meta = managedSeed.metadata();
        String shootName = shootName(managedSeed);
        return shoot(meta == null ? "" : text(meta.namespace()), shootName).compose(shoot -> {
            if (shoot.isEmpty()) {
                return done(Verdict.internal(notFound(SHOOTS, shootName)));
            }
            if (!admit(seed, seedName(shoot.get())).allowed()) {
                return checkManagedSeeds(seed, a, managedSeeds, index + 1);
            }
            // The gardenlet configuration is a raw extension (JSON in the model too). Go's
            // ExtractSeedTemplateAndGardenletConfig: no template only without a seedConfig.
            GardenletConfig gardenlet =
                    managedSeed.spec() == null ? null : managedSeed.spec().gardenlet();
            JsonNode seedConfig = gardenlet == null || gardenlet.config() == null
                    ? MissingNode.getInstance()
                    : gardenlet.config().path("seedConfig");
            if (!seedConfig.isObject()) {
                return done(Verdict.internal(
                        "seed template is nil for ManagedSeed \"" + (meta == null ? "" : text(meta.name())) + "\""));
            }
            JsonNode ref = seedConfig.path("spec").path("backup").path("credentialsRef");
            if ("v1".equals(ref.path("apiVersion").asText())
                    && "Secret".equals(ref.path("kind").asText())
                    && a.namespace().equals(ref.path("namespace").asText())
                    && a.name().equals(ref.path("name").asText())) {
                return done(Verdict.ALLOWED);
            }
            return checkManagedSeeds(seed, a, managedSeeds, index + 1);
        });
    }

    private Future<Verdict> seed(String seed, Attributes a) {
        Verdict own = admit(seed, a.name());
        if (a.operation() != Operation.DELETE || own.allowed()) {
            return done(own);
        }
        // The parent gardenlet (whose seed runs the ManagedSeed's shoot) deletes the Seed of a ManagedSeed
        // that is being deleted.
        return lookup.get(ManagedSeed.class, MANAGED_SEEDS, GARDEN, a.name()).compose(managedSeed -> {
            if (managedSeed.isEmpty()) {
                return done(own);
            }
            ObjectMeta meta = managedSeed.get().metadata();
            if (meta == null || meta.deletionTimestamp() == null) {
                return done(Verdict.forbidden(
                        "object can only be deleted if corresponding ManagedSeed has a deletion timestamp"));
            }
            if (managedSeed.get().spec() == null || managedSeed.get().spec().shoot() == null) {
                return done(own);
            }
            String shootName = shootName(managedSeed.get());
            return shoot(GARDEN, shootName)
                    .map(shoot -> shoot.isEmpty()
                            ? Verdict.internal(notFound(SHOOTS, shootName))
                            : admit(seed, seedName(shoot.get())));
        });
    }

    private Future<Verdict> serviceAccount(SeedIdentity identity, Attributes a) {
        if (identity.isExtension()) {
            return done(Verdict.forbidden("extension client may not create ServiceAccounts"));
        }
        if (a.name().startsWith(BootstrapTokens.SERVICE_ACCOUNT_PREFIX)) {
            return managedSeedNotYetBootstrapped(
                    identity.seedName(),
                    a.namespace(),
                    a.name().substring(BootstrapTokens.SERVICE_ACCOUNT_PREFIX.length()));
        }
        return done(a.namespace().equals(identity.seedNamespace()) ? Verdict.ALLOWED : notOwn(identity.seedName()));
    }

    private Future<Verdict> managedSeedNotYetBootstrapped(String seed, String namespace, String name) {
        return lookup.get(ManagedSeed.class, MANAGED_SEEDS, namespace, name).compose(managedSeed -> {
            if (managedSeed.isEmpty()) {
                return done(Verdict.forbidden(notFound(MANAGED_SEEDS, name)));
            }
            String shootName = shootName(managedSeed.get());
            return shoot(namespace, shootName).compose(shoot -> {
                if (shoot.isEmpty()) {
                    return done(Verdict.internal(notFound(SHOOTS, shootName)));
                }
                Verdict own = admit(seed, seedName(shoot.get()));
                if (!own.allowed()) {
                    return done(own);
                }
                return lookup.get(Seed.class, SEEDS, "", name)
                        .map(existing -> existing.isEmpty()
                                        || certificateExpired(existing.get())
                                        || renewRequested(managedSeed.get().metadata())
                                ? Verdict.ALLOWED
                                : Verdict.badRequest(
                                        "managed seed " + namespace + "/" + name + " is already bootstrapped"));
            });
        });
    }

    private Future<Verdict> gardenletNotYetBootstrapped(String seed, String namespace, String name) {
        if (!seed.equals(name) || !GARDEN.equals(namespace)) {
            return done(Verdict.forbidden(
                    "gardenlet " + namespace + "/" + name + " does not belong to seed \"" + seed + "\""));
        }
        return lookup.get(Gardenlet.class, GARDENLETS, namespace, name).compose(gardenlet -> {
            if (gardenlet.isEmpty()) {
                return done(Verdict.forbidden(notFound(GARDENLETS, name)));
            }
            return lookup.get(Seed.class, SEEDS, "", name).map(existing -> {
                if (existing.isEmpty()) {
                    return Verdict.forbidden(notFound(SEEDS, name));
                }
                return certificateExpired(existing.get())
                                || renewRequested(gardenlet.get().metadata())
                        ? Verdict.ALLOWED
                        : Verdict.badRequest("gardenlet " + namespace + "/" + name + " is already bootstrapped");
            });
        });
    }

    private Future<Verdict> shootOnSeed(String seed, String namespace, String shootName) {
        return shoot(namespace, shootName)
                .map(shoot -> shoot.isEmpty()
                        ? Verdict.forbidden(notFound(SHOOTS, shootName))
                        : admit(seed, seedName(shoot.get())));
    }

    private Future<Optional<Shoot>> shoot(String namespace, String name) {
        return lookup.get(Shoot.class, SHOOTS, namespace, name);
    }

    /**
     * The request's object as a record for {@code check}; a body that does not decode is the 400 Go's webhook answers
     * when its decoder fails.
     */
    private static <T> Future<Verdict> withObject(Attributes a, Class<T> type, Function<T, Future<Verdict>> check) {
        T object;
        try {
            object = a.object(type);
        } catch (DecodeException e) {
            return done(Verdict.badRequest(e.getMessage()));
        }
        return check.apply(object);
    }

    private static String seedName(Shoot shoot) {
        return shoot.spec() == null ? null : shoot.spec().seedName();
    }

    private static String seedName(BackupBucket bucket) {
        return bucket.spec() == null ? null : bucket.spec().seedName();
    }

    /** The name of the Shoot a ManagedSeed manages, empty without one. */
    private static String shootName(ManagedSeed managedSeed) {
        return managedSeed.spec() == null || managedSeed.spec().shoot() == null
                ? ""
                : text(managedSeed.spec().shoot().name());
    }

    /** {@code GetShootNameFromOwnerReferences}: the name of the first owner of kind Shoot, else empty. */
    private static String shootOwner(ObjectMeta meta) {
        for (OwnerReference owner : meta == null ? List.<OwnerReference>of() : list(meta.ownerReferences())) {
            if ("Shoot".equals(owner.kind())) {
                return text(owner.name());
            }
        }
        return "";
    }

    private boolean certificateExpired(Seed seed) {
        Time expiration = seed.status() == null ? null : seed.status().clientCertificateExpirationTimestamp();
        return expiration != null && expiration.instant().isBefore(clock.instant());
    }

    private static boolean renewRequested(ObjectMeta meta) {
        return meta != null
                && meta.annotations() != null
                && "renew-kubeconfig".equals(meta.annotations().get("gardener.cloud/operation"));
    }

    /** Allowed when one of the object's seed names is the client's seed. */
    private static Verdict admit(String seed, String... seedNamesOfObject) {
        for (String name : seedNamesOfObject) {
            if (seed.equals(name)) {
                return Verdict.ALLOWED;
            }
        }
        return notOwn(seed);
    }

    private static Verdict notOwn(String seed) {
        return Verdict.forbidden("object does not belong to seed \"" + seed + "\"");
    }

    private static String notFound(GroupResource resource, String name) {
        return resource + " \"" + name + "\" not found";
    }

    private static Future<Verdict> done(Verdict verdict) {
        return Future.succeededFuture(verdict);
    }
}
