package cloud.gardener.apiserver.api.resource;

import static cloud.gardener.apiserver.api.resource.StandardResources.CORE;
import static cloud.gardener.apiserver.api.resource.StandardResources.K8S_AUTHENTICATION;
import static cloud.gardener.apiserver.api.resource.StandardResources.K8S_AUTHORIZATION;
import static cloud.gardener.apiserver.api.resource.StandardResources.K8S_EVENTS;
import static cloud.gardener.apiserver.api.resource.StandardResources.OPERATIONS;
import static cloud.gardener.apiserver.api.resource.StandardResources.OPERATOR;
import static cloud.gardener.apiserver.api.resource.StandardResources.SECURITY;
import static cloud.gardener.apiserver.api.resource.StandardResources.SEEDMANAGEMENT;

import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerInstallation;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.ExposureClass;
import cloud.gardener.apiserver.api.core.v1beta1.InternalSecret;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.Quota;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootState;
import cloud.gardener.apiserver.api.defaults.CloudProfileDefaults;
import cloud.gardener.apiserver.api.defaults.ControllerRegistrationDefaults;
import cloud.gardener.apiserver.api.defaults.CredentialRequestDefaults;
import cloud.gardener.apiserver.api.defaults.CredentialsBindingDefaults;
import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.GardenDefaults;
import cloud.gardener.apiserver.api.defaults.GardenletDefaults;
import cloud.gardener.apiserver.api.defaults.ManagedSeedDefaults;
import cloud.gardener.apiserver.api.defaults.ManagedSeedSetDefaults;
import cloud.gardener.apiserver.api.defaults.NamespaceDefaults;
import cloud.gardener.apiserver.api.defaults.NamespacedCloudProfileDefaults;
import cloud.gardener.apiserver.api.defaults.ProjectDefaults;
import cloud.gardener.apiserver.api.defaults.SecretBindingDefaults;
import cloud.gardener.apiserver.api.defaults.SeedDefaults;
import cloud.gardener.apiserver.api.defaults.ShootDefaults;
import cloud.gardener.apiserver.api.k8s.authorizationv1.LocalSubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SelfSubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SelfSubjectRulesReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.corev1.ConfigMap;
import cloud.gardener.apiserver.api.k8s.corev1.Namespace;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.operations.v1alpha1.Bastion;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every kind this server serves, each defined once: gardener-apiserver's 21 (reference table 1.1), the operator's
 * gardens and extensions, the standalone core/v1 subset and kube-apiserver's reviews. Discovery, OpenAPI, the model
 * and defaulting lookups, the admission plugins' resource names and the seed graph's resource list are all derived
 * from these definitions. Defaulted kinds are the ones Gardener (v1.150) registers defaulting functions for; the
 * Shoot's maintenance window is random (see {@link ShootDefaults}); a Secret's type is its strategy's.
 */
public final class Kinds {

    private static final String V1BETA1 = "v1beta1";
    private static final String V1ALPHA1 = "v1alpha1";
    private static final Defaulter CREDENTIAL_REQUEST = new CredentialRequestDefaults();

    // ---- core.gardener.cloud ----

    public static final KindDefinition<BackupBucket> BACKUP_BUCKET = KindDefinition.of(
                    CORE, V1BETA1, "BackupBucket", BackupBucket.class)
            .shortNames("bbc")
            .inCategoryAll()
            .subresources(Subresource.status())
            .fieldSelectors("spec.seedName", "spec.shootRef.name", "spec.shootRef.namespace")
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<BackupEntry> BACKUP_ENTRY = KindDefinition.of(
                    CORE, V1BETA1, "BackupEntry", BackupEntry.class)
            .namespaced()
            .shortNames("bec")
            .inCategoryAll()
            .subresources(Subresource.status())
            .fieldSelectors("spec.seedName", "spec.bucketName", "spec.shootRef.name", "spec.shootRef.namespace")
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<CloudProfile> CLOUD_PROFILE = KindDefinition.of(
                    CORE, V1BETA1, "CloudProfile", CloudProfile.class)
            .shortNames("cprofile", "cpfl")
            .subresources(Subresource.status())
            .defaulter(new CloudProfileDefaults())
            .readByEveryUser()
            .build();

    public static final KindDefinition<NamespacedCloudProfile> NAMESPACED_CLOUD_PROFILE = KindDefinition.of(
                    CORE, V1BETA1, "NamespacedCloudProfile", NamespacedCloudProfile.class)
            .namespaced()
            .shortNames("nsprofile", "nscpfl")
            .subresources(Subresource.status())
            .defaulter(new NamespacedCloudProfileDefaults())
            .build();

    /** Stored in v1; v1beta1 is converted (Gardener's ControllerDeployment). */
    public static final KindDefinition<cloud.gardener.apiserver.api.core.v1.ControllerDeployment>
            CONTROLLER_DEPLOYMENT = KindDefinition.of(
                            CORE,
                            "v1",
                            "ControllerDeployment",
                            cloud.gardener.apiserver.api.core.v1.ControllerDeployment.class)
                    .versions(List.of(V1BETA1, "v1"), "v1")
                    .model(V1BETA1, cloud.gardener.apiserver.api.core.v1beta1.ControllerDeployment.class)
                    .shortNames("ctrldeploy")
                    .inCategoryAll()
                    .feedsSeedGraph()
                    .build();

    public static final KindDefinition<ControllerRegistration> CONTROLLER_REGISTRATION = KindDefinition.of(
                    CORE, V1BETA1, "ControllerRegistration", ControllerRegistration.class)
            .shortNames("ctrlreg")
            .inCategoryAll()
            .defaulter(new ControllerRegistrationDefaults())
            .readByEveryUser()
            .build();

    public static final KindDefinition<ControllerInstallation> CONTROLLER_INSTALLATION = KindDefinition.of(
                    CORE, V1BETA1, "ControllerInstallation", ControllerInstallation.class)
            .shortNames("ctrlinst")
            .inCategoryAll()
            .subresources(Subresource.status())
            .fieldSelectors(
                    "spec.registrationRef.name", "spec.seedRef.name", "spec.shootRef.name", "spec.shootRef.namespace")
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<ExposureClass> EXPOSURE_CLASS = KindDefinition.of(
                    CORE, V1BETA1, "ExposureClass", ExposureClass.class)
            .shortNames("expclass", "expcls")
            .readByEveryUser()
            .build();

    public static final KindDefinition<InternalSecret> INTERNAL_SECRET = KindDefinition.of(
                    CORE, V1BETA1, "InternalSecret", InternalSecret.class)
            .namespaced()
            .shortNames("ins")
            .fieldSelectors("type")
            .build();

    public static final KindDefinition<Project> PROJECT = KindDefinition.of(CORE, V1BETA1, "Project", Project.class)
            .subresources(Subresource.status())
            .fieldSelectors("spec.namespace")
            .defaulter(new ProjectDefaults())
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<Quota> QUOTA = KindDefinition.of(CORE, V1BETA1, "Quota", Quota.class)
            .namespaced()
            .shortNames("squota")
            .build();

    public static final KindDefinition<SecretBinding> SECRET_BINDING = KindDefinition.of(
                    CORE, V1BETA1, "SecretBinding", SecretBinding.class)
            .namespaced()
            .shortNames("sb")
            .defaulter(new SecretBindingDefaults())
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<Seed> SEED = KindDefinition.of(CORE, V1BETA1, "Seed", Seed.class)
            .subresources(Subresource.status())
            .defaulter(new SeedDefaults())
            .feedsSeedGraph()
            .readByEveryUser()
            .build();

    public static final KindDefinition<ShootState> SHOOT_STATE = KindDefinition.of(
                    CORE, V1BETA1, "ShootState", ShootState.class)
            .namespaced()
            .inCategoryAll()
            .build();

    public static final KindDefinition<Shoot> SHOOT = KindDefinition.of(CORE, V1BETA1, "Shoot", Shoot.class)
            .namespaced()
            .inCategoryAll()
            .subresources(
                    Subresource.status(),
                    Subresource.ofParentKind("binding"),
                    Subresource.creating(
                            "adminkubeconfig", StandardResources.ADMIN_KUBECONFIG_REQUEST, CREDENTIAL_REQUEST),
                    Subresource.creating(
                            "viewerkubeconfig", StandardResources.VIEWER_KUBECONFIG_REQUEST, CREDENTIAL_REQUEST))
            .fieldSelectors("spec.seedName", "status.seedName", "spec.cloudProfileName")
            // Gardener's selector labels capitalise Name/Kind although the JSON fields are lower case.
            .fieldSelector("spec.cloudProfile.Name", "spec.cloudProfile.name")
            .fieldSelector("spec.cloudProfile.Kind", "spec.cloudProfile.kind")
            .defaulter(new ShootDefaults())
            .feedsSeedGraph()
            .build();

    // ---- seedmanagement, operations, security, operator ----

    public static final KindDefinition<Gardenlet> GARDENLET = KindDefinition.of(
                    SEEDMANAGEMENT, V1ALPHA1, "Gardenlet", Gardenlet.class)
            .namespaced()
            .shortNames("gl", "glet")
            .subresources(Subresource.status())
            .defaulter(new GardenletDefaults())
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<ManagedSeed> MANAGED_SEED = KindDefinition.of(
                    SEEDMANAGEMENT, V1ALPHA1, "ManagedSeed", ManagedSeed.class)
            .namespaced()
            .shortNames("ms")
            .subresources(Subresource.status())
            .fieldSelectors("spec.shoot.name")
            .defaulter(new ManagedSeedDefaults())
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<ManagedSeedSet> MANAGED_SEED_SET = KindDefinition.of(
                    SEEDMANAGEMENT, V1ALPHA1, "ManagedSeedSet", ManagedSeedSet.class)
            .namespaced()
            .shortNames("mss")
            .subresources(
                    Subresource.status(),
                    new Subresource("scale", StandardResources.SCALE, Subresource.GET_PATCH_UPDATE))
            .defaulter(new ManagedSeedSetDefaults())
            .build();

    public static final KindDefinition<Bastion> BASTION = KindDefinition.of(
                    OPERATIONS, V1ALPHA1, "Bastion", Bastion.class)
            .namespaced()
            .inCategoryAll()
            .subresources(Subresource.status())
            .fieldSelectors("spec.seedName", "spec.shootRef.name")
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<CredentialsBinding> CREDENTIALS_BINDING = KindDefinition.of(
                    SECURITY, V1ALPHA1, "CredentialsBinding", CredentialsBinding.class)
            .namespaced()
            .shortNames("cb")
            .defaulter(new CredentialsBindingDefaults())
            .feedsSeedGraph()
            .build();

    public static final KindDefinition<WorkloadIdentity> WORKLOAD_IDENTITY = KindDefinition.of(
                    SECURITY, V1ALPHA1, "WorkloadIdentity", WorkloadIdentity.class)
            .namespaced()
            .shortNames("wi")
            .subresources(Subresource.creating("token", StandardResources.TOKEN_REQUEST, CREDENTIAL_REQUEST))
            .build();

    public static final KindDefinition<Garden> GARDEN = KindDefinition.of(OPERATOR, V1ALPHA1, "Garden", Garden.class)
            .subresources(Subresource.status())
            .defaulter(new GardenDefaults())
            .build();

    /** gardener-operator's registration of extensions: the Garden's extension types are checked against it. */
    public static final KindDefinition<Void> EXTENSION = KindDefinition.openJson(OPERATOR, V1ALPHA1, "Extension")
            .shortNames("extop")
            .subresources(Subresource.status())
            .build();

    // ---- the standalone core/v1 subset, with kube-apiserver's names, verbs and field selectors ----

    /** kube-apiserver's namespace store has no deletecollection, and finalize is update-only. */
    public static final KindDefinition<Namespace> NAMESPACE = KindDefinition.of("", "v1", "Namespace", Namespace.class)
            .shortNames("ns")
            .subresources(Subresource.status(), new Subresource("finalize", null, Subresource.UPDATE_ONLY))
            .fieldSelectors("status.phase")
            .verbs("create", "delete", "get", "list", "patch", "update", "watch")
            .defaulter(new NamespaceDefaults())
            .build();

    public static final KindDefinition<Secret> SECRET = KindDefinition.of("", "v1", "Secret", Secret.class)
            .namespaced()
            .fieldSelectors("type")
            .build();

    public static final KindDefinition<ConfigMap> CONFIG_MAP = KindDefinition.of("", "v1", "ConfigMap", ConfigMap.class)
            .namespaced()
            .shortNames("cm")
            .build();

    public static final KindDefinition<cloud.gardener.apiserver.api.k8s.corev1.Event> EVENT = eventFields(
                    KindDefinition.of("", "v1", "Event", cloud.gardener.apiserver.api.k8s.corev1.Event.class)
                            .namespaced()
                            .shortNames("ev"),
                    "involvedObject.")
            .fieldSelector("reason", "reason")
            .fieldSelector("reportingComponent", "reportingComponent")
            .fieldSelector("source", "source.component")
            .fieldSelector("type", "type")
            .build();

    /**
     * {@code events.k8s.io/v1} events: the same objects as core/v1 events, stored in core/v1's form (where its
     * field selectors read, under events.k8s.io's names).
     */
    public static final KindDefinition<cloud.gardener.apiserver.api.k8s.eventsv1.Event> EVENTS_V1_EVENT = eventFields(
                    KindDefinition.of(K8S_EVENTS, "v1", "Event", cloud.gardener.apiserver.api.k8s.eventsv1.Event.class)
                            .namespaced()
                            .shortNames("ev"),
                    "regarding.")
            .fieldSelector("reason", "reason")
            .fieldSelector("reportingController", "reportingComponent")
            .fieldSelector("type", "type")
            .build();

    // ---- kube-apiserver's reviews: create-only, answered from the request's user, never stored ----

    /** Also served in v1beta1: kubectl 1.27 asks there (and falls back to v1alpha1) before v1 existed. */
    public static final KindDefinition<cloud.gardener.apiserver.api.k8s.authenticationv1.SelfSubjectReview>
            SELF_SUBJECT_REVIEW = KindDefinition.of(
                            K8S_AUTHENTICATION,
                            "v1",
                            "SelfSubjectReview",
                            cloud.gardener.apiserver.api.k8s.authenticationv1.SelfSubjectReview.class)
                    .alsoServedIn(
                            V1BETA1, cloud.gardener.apiserver.api.k8s.authenticationv1beta1.SelfSubjectReview.class)
                    .verbs("create")
                    .build();

    public static final KindDefinition<LocalSubjectAccessReview> LOCAL_SUBJECT_ACCESS_REVIEW = KindDefinition.of(
                    K8S_AUTHORIZATION, "v1", "LocalSubjectAccessReview", LocalSubjectAccessReview.class)
            .namespaced()
            .verbs("create")
            .build();

    public static final KindDefinition<SelfSubjectAccessReview> SELF_SUBJECT_ACCESS_REVIEW = KindDefinition.of(
                    K8S_AUTHORIZATION, "v1", "SelfSubjectAccessReview", SelfSubjectAccessReview.class)
            .verbs("create")
            .build();

    public static final KindDefinition<SelfSubjectRulesReview> SELF_SUBJECT_RULES_REVIEW = KindDefinition.of(
                    K8S_AUTHORIZATION, "v1", "SelfSubjectRulesReview", SelfSubjectRulesReview.class)
            .verbs("create")
            .build();

    public static final KindDefinition<SubjectAccessReview> SUBJECT_ACCESS_REVIEW = KindDefinition.of(
                    K8S_AUTHORIZATION, "v1", "SubjectAccessReview", SubjectAccessReview.class)
            .verbs("create")
            .build();

    // ---- the lists, in discovery's registration order ----

    /** The 21 gardener-apiserver resources plus gardener-operator's {@code gardens} and {@code extensions}. */
    public static final List<KindDefinition<?>> GARDENER = List.of(
            BACKUP_BUCKET,
            BACKUP_ENTRY,
            CLOUD_PROFILE,
            NAMESPACED_CLOUD_PROFILE,
            CONTROLLER_DEPLOYMENT,
            CONTROLLER_REGISTRATION,
            CONTROLLER_INSTALLATION,
            EXPOSURE_CLASS,
            INTERNAL_SECRET,
            PROJECT,
            QUOTA,
            SECRET_BINDING,
            SEED,
            SHOOT_STATE,
            SHOOT,
            GARDENLET,
            MANAGED_SEED,
            MANAGED_SEED_SET,
            BASTION,
            CREDENTIALS_BINDING,
            WORKLOAD_IDENTITY,
            GARDEN,
            EXTENSION);

    /** The standalone core/v1 subset, left out when a real kube-apiserver serves it. */
    public static final List<KindDefinition<?>> CORE_V1 = List.of(NAMESPACE, SECRET, CONFIG_MAP, EVENT);

    /** kube-apiserver's access reviews and SelfSubjectReview, left out when a real kube-apiserver serves them. */
    public static final List<KindDefinition<?>> KUBERNETES_REVIEWS = List.of(
            SELF_SUBJECT_REVIEW,
            LOCAL_SUBJECT_ACCESS_REVIEW,
            SELF_SUBJECT_ACCESS_REVIEW,
            SELF_SUBJECT_RULES_REVIEW,
            SUBJECT_ACCESS_REVIEW);

    /** Every definition. */
    public static final List<KindDefinition<?>> ALL = Stream.of(
                    GARDENER, CORE_V1, List.<KindDefinition<?>>of(EVENTS_V1_EVENT), KUBERNETES_REVIEWS)
            .<KindDefinition<?>>flatMap(List::stream)
            .toList();

    private static final Map<GroupVersionKind, KindDefinition<?>> BY_KIND = new HashMap<>();
    private static final Map<GroupResource, KindDefinition<?>> BY_RESOURCE = new HashMap<>();
    private static final Map<GroupVersionKind, Class<?>> MODELS = new HashMap<>();
    private static final Map<GroupVersionKind, Defaulter> DEFAULTERS = new LinkedHashMap<>();

    static {
        for (KindDefinition<?> definition : ALL) {
            ResourceType type = definition.type();
            if (BY_RESOURCE.put(type.groupResource(), definition) != null) {
                throw new IllegalStateException("two definitions of " + type.groupResource());
            }
            MODELS.putAll(definition.modelsByKind());
            for (String version : type.versions()) {
                BY_KIND.put(type.gvk(version), definition);
                definition.defaulter().ifPresent(d -> DEFAULTERS.put(type.gvk(version), d));
            }
            for (Subresource subresource : type.subresources()) {
                if (subresource.requestDefaulter() != null) {
                    DEFAULTERS.put(subresource.responseKind(), subresource.requestDefaulter());
                }
            }
        }
    }

    private Kinds() {}

    /** The definition of the top-level kind {@code gvk} (any served version), if any. */
    public static Optional<KindDefinition<?>> of(GroupVersionKind gvk) {
        return Optional.ofNullable(BY_KIND.get(gvk));
    }

    /** The definition of a resource, by group and plural. */
    public static Optional<KindDefinition<?>> of(GroupResource resource) {
        return Optional.ofNullable(BY_RESOURCE.get(resource));
    }

    /** The definition serving {@code type} (the same group and plural). */
    public static Optional<KindDefinition<?>> of(ResourceType type) {
        return of(type.groupResource());
    }

    /**
     * The record class that models a kind in a version (see {@code api.model}). A kind without one is handled as
     * open JSON: kept as sent, no unknown-field detection.
     */
    public static Optional<Class<?>> model(GroupVersionKind gvk) {
        return Optional.ofNullable(MODELS.get(gvk));
    }

    /**
     * The defaulter of a kind and version, also of the bodies of the credential-request subresources; kinds without
     * one are stored as sent.
     */
    public static Optional<Defaulter> defaulter(GroupVersionKind gvk) {
        return Optional.ofNullable(DEFAULTERS.get(gvk));
    }

    private static <T> KindDefinition.Builder<T> eventFields(KindDefinition.Builder<T> builder, String prefix) {
        for (String field : List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")) {
            builder.fieldSelector(prefix + field, "involvedObject." + field);
        }
        return builder;
    }
}
