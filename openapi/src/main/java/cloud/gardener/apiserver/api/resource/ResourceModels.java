package cloud.gardener.apiserver.api.resource;

import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupEntry;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfile;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerDeployment;
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
import cloud.gardener.apiserver.api.k8s.authorizationv1.LocalSubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SelfSubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SelfSubjectRulesReview;
import cloud.gardener.apiserver.api.k8s.authorizationv1.SubjectAccessReview;
import cloud.gardener.apiserver.api.k8s.corev1.ConfigMap;
import cloud.gardener.apiserver.api.k8s.corev1.Namespace;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.operations.v1alpha1.Bastion;
import cloud.gardener.apiserver.api.operator.v1alpha1.Garden;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.Gardenlet;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeed;
import cloud.gardener.apiserver.api.seedmanagement.v1alpha1.ManagedSeedSet;
import java.util.Map;
import java.util.Optional;

/**
 * The record class that models each kind in each version (see {@code api.model}). A kind without one is
 * handled as open JSON: kept as sent, no unknown-field detection.
 */
public final class ResourceModels {

    private static final Map<GroupVersionKind, Class<?>> MODELS = Map.ofEntries(
            core("v1beta1", "BackupBucket", BackupBucket.class),
            core("v1beta1", "BackupEntry", BackupEntry.class),
            core("v1beta1", "CloudProfile", CloudProfile.class),
            core("v1beta1", "NamespacedCloudProfile", NamespacedCloudProfile.class),
            core("v1beta1", "ControllerDeployment", ControllerDeployment.class),
            core("v1beta1", "ControllerRegistration", ControllerRegistration.class),
            core("v1beta1", "ControllerInstallation", ControllerInstallation.class),
            core("v1beta1", "ExposureClass", ExposureClass.class),
            core("v1beta1", "InternalSecret", InternalSecret.class),
            core("v1beta1", "Project", Project.class),
            core("v1beta1", "Quota", Quota.class),
            core("v1beta1", "SecretBinding", SecretBinding.class),
            core("v1beta1", "Seed", Seed.class),
            core("v1beta1", "ShootState", ShootState.class),
            core("v1beta1", "Shoot", Shoot.class),
            core("v1", "ControllerDeployment", cloud.gardener.apiserver.api.core.v1.ControllerDeployment.class),
            alpha(StandardResources.SEEDMANAGEMENT, "ManagedSeed", ManagedSeed.class),
            alpha(StandardResources.SEEDMANAGEMENT, "ManagedSeedSet", ManagedSeedSet.class),
            alpha(StandardResources.SEEDMANAGEMENT, "Gardenlet", Gardenlet.class),
            alpha(StandardResources.OPERATIONS, "Bastion", Bastion.class),
            alpha(StandardResources.SECURITY, "CredentialsBinding", CredentialsBinding.class),
            alpha(StandardResources.SECURITY, "WorkloadIdentity", WorkloadIdentity.class),
            alpha(StandardResources.OPERATOR, "Garden", Garden.class),
            Map.entry(new GroupVersionKind("", "v1", "Namespace"), Namespace.class),
            Map.entry(new GroupVersionKind("", "v1", "Secret"), Secret.class),
            Map.entry(new GroupVersionKind("", "v1", "ConfigMap"), ConfigMap.class),
            Map.entry(new GroupVersionKind("", "v1", "Event"), cloud.gardener.apiserver.api.k8s.corev1.Event.class),
            k8s(StandardResources.K8S_EVENTS, "v1", "Event", cloud.gardener.apiserver.api.k8s.eventsv1.Event.class),
            k8s(
                    StandardResources.K8S_AUTHENTICATION,
                    "v1",
                    "SelfSubjectReview",
                    cloud.gardener.apiserver.api.k8s.authenticationv1.SelfSubjectReview.class),
            k8s(
                    StandardResources.K8S_AUTHENTICATION,
                    "v1beta1",
                    "SelfSubjectReview",
                    cloud.gardener.apiserver.api.k8s.authenticationv1beta1.SelfSubjectReview.class),
            k8s(StandardResources.K8S_AUTHORIZATION, "v1", "LocalSubjectAccessReview", LocalSubjectAccessReview.class),
            k8s(StandardResources.K8S_AUTHORIZATION, "v1", "SelfSubjectAccessReview", SelfSubjectAccessReview.class),
            k8s(StandardResources.K8S_AUTHORIZATION, "v1", "SelfSubjectRulesReview", SelfSubjectRulesReview.class),
            k8s(StandardResources.K8S_AUTHORIZATION, "v1", "SubjectAccessReview", SubjectAccessReview.class));

    private ResourceModels() {}

    public static Optional<Class<?>> of(GroupVersionKind gvk) {
        return Optional.ofNullable(MODELS.get(gvk));
    }

    private static Map.Entry<GroupVersionKind, Class<?>> k8s(
            String group, String version, String kind, Class<?> model) {
        return Map.entry(new GroupVersionKind(group, version, kind), model);
    }

    private static Map.Entry<GroupVersionKind, Class<?>> alpha(String group, String kind, Class<?> model) {
        return Map.entry(new GroupVersionKind(group, "v1alpha1", kind), model);
    }

    private static Map.Entry<GroupVersionKind, Class<?>> core(String version, String kind, Class<?> model) {
        return Map.entry(new GroupVersionKind(StandardResources.CORE, version, kind), model);
    }
}
