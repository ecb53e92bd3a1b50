package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.shoot.FieldErrors;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.admission.validation.seedmanagement.LabelSelectors;
import cloud.gardener.apiserver.api.core.v1beta1.AdmissionPlugin;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSelector;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.authz.Authorizer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Gardener's ShootValidator ({@code plugin/pkg/shoot/validator}): a Shoot (and its {@code binding} subresource and
 * its deletion) against the objects it references: the CloudProfile's provider type, regions, zones, Kubernetes
 * versions, machine types, images and volumes; the project's name length and lifecycle; the scheduling rules of
 * {@link Scheduling}; networks, DNS domain uniqueness, hibernation and limits. Field errors are one 403.
 */
public final class ShootValidatorPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "ShootValidator";
    private static final int NAME_LENGTH_LIMIT = 21;
    private static final int GENERATE_NAME_RANDOM_LENGTH = 5;
    private static final String MANAGED_ISSUER = "authentication.gardener.cloud/issuer";

    /** The old shoot of a CREATE: Go's zero Shoot, so that everything counts as changed. */
    private static final Shoot EMPTY_SHOOT = new Shoot(null, null, null, null);

    private final ObjectLookup objects;
    private final GardenObjects garden;
    private final Authorizer authorizer;
    private final Clock clock;
    private final LiveMigration liveMigration;

    public ShootValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
        this.garden = new GardenObjects(context.objects());
        this.authorizer = context.authorizer();
        this.clock = context.clock();
        this.liveMigration = new LiveMigration(context.objects(), context.featureGates());
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        if (!"Shoot".equals(a.kind().kind())
                || !GardenObjects.GROUP.equals(a.kind().group())) {
            return Future.succeededFuture();
        }
        if (!a.subresource().isEmpty() && !"binding".equals(a.subresource())) {
            return Future.succeededFuture();
        }
        boolean delete = a.operation() == Operation.DELETE;
        JsonNode shootTree = delete ? a.oldObject() : a.object();
        if (shootTree == null || (a.name().isEmpty() && delete)) {
            return Future.succeededFuture(); // a collection-level delete names no shoot; each item comes on its own
        }
        boolean noOld = a.operation() == Operation.CREATE || a.oldObject() == null;
        JsonNode oldTree = noOld ? JsonNodeFactory.instance.objectNode() : a.oldObject();
        if (a.operation() == Operation.UPDATE) {
            if ("binding".equals(a.subresource())
                    && Objects.equals(
                            Review.spec(a.object(Shoot.class)).seedName(),
                            Review.spec(noOld ? EMPTY_SHOOT : a.oldObject(Shoot.class))
                                    .seedName())) {
                return Future.failedFuture(
                        ApiException.unknown("update of binding rejected, shoot is already assigned to the same seed"));
            }
            // whole sections compared on the trees the request holds, before any record is decoded: an unchanged
            // update (a status-only or no-op write of the main resource) costs no decoding
            if (SemanticEquality.equal(shootTree.get("spec"), oldTree.get("spec"))
                    && SemanticEquality.equal(shootTree.get("metadata"), oldTree.get("metadata"))) {
                return Future.succeededFuture();
            }
        }
        Shoot shoot = delete ? a.oldObject(Shoot.class) : a.object(Shoot.class);
        Shoot old = noOld ? EMPTY_SHOOT : a.oldObject(Shoot.class);
        if (GardenObjects.cloudProfileReference(shoot) == null) {
            return Future.succeededFuture();
        }
        return garden.cloudProfileSpec(shoot, a.namespace(), "could not find referenced cloud profile: ")
                .compose(profile -> new CloudProfileChanges(garden)
                        .validate(shoot, old, a.namespace())
                        .compose(v -> load(a, shoot, old, shootTree, oldTree, profile.orElse(GardenObjects.ZERO_SPEC)))
                        .compose(this::validate));
    }

    /** Reads the seed, project and bindings the shoot names; a missing one is Gardener's internal error. */
    private Future<Review> load(
            Attributes a, Shoot shoot, Shoot old, JsonNode shootTree, JsonNode oldTree, CloudProfileSpec profile) {
        ShootSpec spec = Review.spec(shoot);
        String seedName = spec.seedName();
        Future<Seed> seed = seedName == null
                ? Future.succeededFuture()
                : objects.get(Seed.class, GardenObjects.SEEDS, "", seedName)
                        .compose(found -> required(
                                found,
                                "could not find referenced seed \"" + seedName + "\": " + "seed.core.gardener.cloud \""
                                        + seedName + "\" not found"));
        return seed.compose(s -> seedSelectorUnchanged(spec, Review.spec(old), s)
                .compose(selectorErrs -> Projects.forNamespace(objects, a.memo(), a.namespace())
                        .compose(p -> required(p, "could not find referenced project: " + Projects.NOT_FOUND))
                        .compose(project -> {
                            String sb = spec.secretBindingName();
                            Future<SecretBinding> secretBinding = sb == null
                                    ? Future.succeededFuture()
                                    : objects.get(SecretBinding.class, GardenObjects.SECRET_BINDINGS, a.namespace(), sb)
                                            .compose(found -> required(
                                                    found,
                                                    "could not find referenced secret binding: "
                                                            + "secretbinding.core.gardener.cloud \"" + sb
                                                            + "\" not found"));
                            String cb = spec.credentialsBindingName();
                            Future<CredentialsBinding> credentialsBinding = cb == null
                                    ? Future.succeededFuture()
                                    : objects.get(
                                                    CredentialsBinding.class,
                                                    GardenObjects.CREDENTIALS_BINDINGS,
                                                    a.namespace(),
                                                    cb)
                                            .compose(found -> required(
                                                    found,
                                                    "could not find referenced credentials binding: credentialsbinding.security.gardener.cloud \""
                                                            + cb + "\" not found"));
                            return secretBinding.compose(sbv -> credentialsBinding.map(cbv -> new Review(
                                    a,
                                    shoot,
                                    old,
                                    shootTree,
                                    oldTree,
                                    profile,
                                    project,
                                    s,
                                    sbv,
                                    cbv,
                                    clock.instant(),
                                    selectorErrs)));
                        })));
    }

    /** A seed selector may change after scheduling only while it still matches the chosen seed. */
    private static Future<List<FieldError>> seedSelectorUnchanged(ShootSpec spec, ShootSpec oldSpec, Seed seed) {
        SeedSelector typed = spec.seedSelector();
        if (Objects.equals(typed, oldSpec.seedSelector()) || seed == null) {
            return Future.succeededFuture(List.of());
        }
        if (typed == null) {
            return Future.succeededFuture(List.of(
                    FieldError.invalid("spec.seedSelector", null, "cannot unset seedSelector once it has been set")));
        }
        List<FieldError> errs = new ArrayList<>();
        if (typed.labelSelector() != null && !LabelSelectors.convertible(typed.labelSelector())) {
            return Future.failedFuture(ApiException.internal("label selector conversion failed for seedSelector"));
        }
        if (typed.labelSelector() != null && !LabelSelectors.matches(typed.labelSelector(), Scheduling.labels(seed))) {
            errs.add(FieldError.invalid(
                    "spec.seedSelector",
                    CoreRules.tree(typed),
                    "cannot change seedSelector to not match the labels " + "of the already selected seed \""
                            + seed.metadata().name() + "\""));
        }
        if (typed.providerTypes() != null
                && !typed.providerTypes().isEmpty()
                && !typed.providerTypes().contains(seed.spec().provider().type())) {
            errs.add(FieldError.invalid(
                    "spec.seedSelector.providerTypes",
                    CoreRules.tree(typed.providerTypes()),
                    "cannot change seedSelector to not match the provider type of the already selected seed \""
                            + seed.metadata().name() + "\""));
        }
        return Future.succeededFuture(errs);
    }

    private Future<Void> validate(Review r) {
        Attributes a = r.a();
        return projectMembership(r)
                .compose(v -> new Scheduling(garden, authorizer).validate(r))
                .compose(v -> deletion(r))
                .compose(v -> hibernation(r))
                .compose(v -> managedIssuer(r))
                .compose(v -> new Credentials(garden, authorizer).validate(r))
                .compose(v -> fieldErrors(r))
                .compose(errs -> errs.isEmpty()
                        ? Future.<Void>succeededFuture()
                        : Rejections.forbid(a, FieldErrors.aggregate(errs)));
    }

    /** {@code validateProjectMembership}: name length with the project, and no new shoots in a deleted project. */
    private static Future<Void> projectMembership(Review r) {
        Attributes a = r.a();
        if (a.operation() != Operation.CREATE) {
            return Future.succeededFuture();
        }
        Project project = r.project();
        String projectName = project.metadata().name();
        String name = r.name();
        String generateName = CoreRules.text(Review.metadata(r.shoot()).generateName());
        if (name.isEmpty() && !generateName.isEmpty()) {
            int limit = NAME_LENGTH_LIMIT - GENERATE_NAME_RANDOM_LENGTH;
            if ((projectName + generateName).length() > limit) {
                return Future.failedFuture(Rejections.invalid(
                        a,
                        List.of(FieldError.invalid(
                                "name",
                                name,
                                "the length of "
                                        + "the shoot generateName and the project name must not exceed " + limit
                                        + " characters (project: "
                                        + projectName + "; shoot with generateName: " + generateName + ")"))));
            }
        } else if ((projectName + name).length() > NAME_LENGTH_LIMIT) {
            return Future.failedFuture(Rejections.invalid(
                    a,
                    List.of(FieldError.invalid(
                            "name",
                            name,
                            "the length of the "
                                    + "shoot name and the project name must not exceed " + NAME_LENGTH_LIMIT
                                    + " characters (project: "
                                    + projectName + "; shoot: " + name + ")"))));
        }
        if (project.metadata().deletionTimestamp() != null) {
            return Rejections.forbid(
                    a,
                    "cannot create shoot '" + name + "' in project '" + projectName
                            + "' that is already marked for deletion");
        }
        return Future.succeededFuture();
    }

    /** {@code validateDeletion}: no deletion while a migration or restore runs. */
    private static Future<Void> deletion(Review r) {
        if (r.a().operation() == Operation.DELETE && r.inMigrationOrRestore()) {
            return Rejections.forbid(
                    r.a(),
                    "cannot mark shoot for deletion during " + r.lastOperationType() + " operation that is in state "
                            + r.lastOperationState());
        }
        return Future.succeededFuture();
    }

    /** {@code validateShootHibernation}: the HibernationPossible constraint must not be false. */
    private static Future<Void> hibernation(Review r) {
        if (!hibernationEnabled(r.oldSpec()) && hibernationEnabled(r.spec())) {
            for (Condition c : r.status() == null
                    ? List.<Condition>of()
                    : CoreRules.list(r.status().constraints())) {
                if ("HibernationPossible".equals(c.type()) && !"True".equals(c.status())) {
                    return Rejections.forbid(
                            r.a(),
                            "'HibernationPossible' constraint is '"
                                    + CoreRules.text(c.status()) + "': "
                                    + CoreRules.text(c.message()));
                }
            }
        }
        return Future.succeededFuture();
    }

    /** {@code spec.hibernation.enabled}, false when unset. */
    static boolean hibernationEnabled(ShootSpec spec) {
        return spec.hibernation() != null
                && Boolean.TRUE.equals(spec.hibernation().enabled());
    }

    /** {@code validateManagedServiceAccountIssuer}: needs the issuer secret in the garden namespace; cannot be undone. */
    private Future<Void> managedIssuer(Review r) {
        boolean managed = "managed".equals(Review.annotations(r.shoot()).get(MANAGED_ISSUER));
        boolean wasManaged = "managed".equals(Review.annotations(r.old()).get(MANAGED_ISSUER));
        if (!managed && !wasManaged) {
            return Future.succeededFuture();
        }
        return objects.list(Secret.class, GardenObjects.SECRETS, "garden").compose(secrets -> {
            boolean configured = secrets.stream()
                    .anyMatch(s -> s.metadata() != null
                            && "shoot-service-account-issuer"
                                    .equals(CoreRules.map(s.metadata().labels()).get("gardener.cloud/role")));
            if (!configured) {
                if (managed) {
                    return Rejections.forbid(
                            r.a(),
                            "cannot enable managed service account issuer as it is not supported "
                                    + "in this Gardener installation");
                }
                return Future.failedFuture(ApiException.internal("old shoot object has managed service account issuer "
                        + "enabled, but Gardener configuration is missing"));
            }
            if (wasManaged && !managed) {
                return Rejections.forbid(r.a(), "once enabled managed service account issuer cannot be disabled");
            }
            KubeAPIServerConfig kas = kubeAPIServer(r.spec());
            if (managed
                    && kas != null
                    && kas.serviceAccountConfig() != null
                    && kas.serviceAccountConfig().issuer() != null) {
                return Rejections.forbid(
                        r.a(),
                        "managed service account issuer cannot be enabled when "
                                + ".kubernetes.kubeAPIServer.serviceAccountConfig.issuer is set");
            }
            return Future.succeededFuture();
        });
    }

    /** The checks Gardener collects into one error list, in its order. */
    private Future<List<FieldError>> fieldErrors(Review r) {
        Operation op = r.a().operation();
        List<FieldError> errs = new ArrayList<>(r.seedSelectorErrors());
        errs.addAll(RawExtensions.internalVersions(r.spec()));
        if (op != Operation.DELETE) {
            errs.addAll(Networks.validate(r));
            ProfileConstraints profile = new ProfileConstraints(
                    r.profile(), op, r.now(), CoreRules.text(r.spec().region()));
            errs.addAll(profile.kubernetes(r.spec(), r.oldSpec()));
            errs.addAll(profile.region(r.spec(), r.oldSpec()));
            errs.addAll(Placement.accessRestrictions(r));
            errs.addAll(profile.provider(r.spec(), r.oldSpec(), bindingTypeError(r)));
        } else {
            errs.addAll(new ProfileConstraints(r.profile(), op, r.now(), "").region(r.spec(), r.oldSpec()));
            errs.addAll(Placement.accessRestrictions(r));
        }
        errs.addAll(Placement.controlPlaneZones(r));
        Future<List<FieldError>> admissionPlugins =
                op == Operation.DELETE ? Future.succeededFuture(List.of()) : kubeconfigSecrets(r);
        return admissionPlugins
                .compose(pluginErrs -> {
                    errs.addAll(pluginErrs);
                    errs.addAll(new ProfileConstraints(r.profile(), op, r.now(), "").limits(r.shoot()));
                    return liveMigration.validate(r);
                })
                .compose(migrationErrs -> {
                    errs.addAll(migrationErrs);
                    if (op == Operation.DELETE || !r.specChanged()) {
                        return Future.succeededFuture(errs);
                    }
                    return DnsDomains.unique(r, objects).map(dnsErrs -> {
                        errs.addAll(dnsErrs);
                        return errs;
                    });
                });
    }

    /** The provider type must match the referenced SecretBinding's or CredentialsBinding's. */
    private static FieldError bindingTypeError(Review r) {
        String type = r.spec().provider() == null
                ? ""
                : CoreRules.text(r.spec().provider().type());
        if (r.secretBinding() != null) {
            String types = r.secretBinding().provider() == null
                    ? null
                    : r.secretBinding().provider().type();
            // SecretBindingHasType: the binding's type is a comma-separated list; a binding without provider has none.
            if (types == null || !Arrays.asList(types.split(",", -1)).contains(type)) {
                return FieldError.invalid(
                        "spec.provider.type",
                        type,
                        "provider type in shoot must match provider type of " + "referenced SecretBinding: \""
                                + (types == null ? "" : types) + "\"");
            }
        }
        if (r.credentialsBinding() != null) {
            String bindingType = r.credentialsBinding().provider() == null
                    ? ""
                    : r.credentialsBinding().provider().type();
            if (!type.equals(bindingType)) {
                return FieldError.invalid(
                        "spec.provider.type",
                        type,
                        "provider type in shoot must match provider type of " + "referenced CredentialsBinding: \""
                                + bindingType + "\"");
            }
        }
        return null;
    }

    /** {@code validateAdmissionPlugins}: a kubeconfig secret must be a referenced resource holding a kubeconfig. */
    private Future<List<FieldError>> kubeconfigSecrets(Review r) {
        KubeAPIServerConfig kas = kubeAPIServer(r.spec());
        List<AdmissionPlugin> plugins = kas == null ? List.of() : CoreRules.list(kas.admissionPlugins());
        List<String> referenced = new ArrayList<>();
        for (NamedResourceReference res : CoreRules.list(r.spec().resources())) {
            CrossVersionObjectReference ref = res.resourceRef();
            if (ref != null && "v1".equals(ref.apiVersion()) && "Secret".equals(ref.kind())) {
                referenced.add(CoreRules.text(ref.name()));
            }
        }
        List<FieldError> errs = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        for (int i = 0; i < plugins.size(); i++) {
            String name = plugins.get(i).kubeconfigSecretName();
            if (name == null) {
                continue;
            }
            String path = "spec.kubernetes.kubeAPIServer.admissionPlugins[" + i + "].kubeconfigSecretName";
            if (!referenced.contains(name)) {
                errs.add(FieldError.invalid(path, name, "secret should be referenced in shoot .spec.resources"));
                continue;
            }
            chain = chain.compose(v -> objects.get(Secret.class, GardenObjects.SECRETS, r.a().namespace(), name)
                    .map(found -> {
                        if (found.isEmpty()) {
                            errs.add(FieldError.internal(
                                    path,
                                    "unable to get the referenced secret: namespace: " + r.a().namespace() + ", name: "
                                            + name + ", error: secret \"" + name + "\" not found"));
                        } else if (!CoreRules.map(found.get().data()).containsKey("kubeconfig")) {
                            errs.add(FieldError.invalid(
                                    path,
                                    name,
                                    "referenced kubeconfig secret doesn't contain kubeconfig: " + "namespace: "
                                            + r.a().namespace() + ", name: " + name));
                        }
                        return null;
                    }));
        }
        return chain.map(v -> errs);
    }

    private static KubeAPIServerConfig kubeAPIServer(ShootSpec spec) {
        return spec.kubernetes() == null ? null : spec.kubernetes().kubeAPIServer();
    }

    private static <T> Future<T> required(Optional<T> found, String message) {
        return found.map(Future::succeededFuture).orElseGet(() -> Future.failedFuture(ApiException.internal(message)));
    }
}
