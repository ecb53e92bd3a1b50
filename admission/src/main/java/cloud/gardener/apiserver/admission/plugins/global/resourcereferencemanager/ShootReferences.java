package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.AdmissionPlugin;
import cloud.gardener.apiserver.api.core.v1beta1.AuthorizerKubeconfigReference;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.KubeAPIServerConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.StructuredAuthentication;
import cloud.gardener.apiserver.api.core.v1beta1.StructuredAuthorization;
import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.validation.GoQuote;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A Shoot's references, checked when its spec changes: cloud profile, seed, bindings, exposure class,
 * {@code spec.resources}, DNS provider credentials, admission plugin kubeconfig secrets and structured
 * authentication/authorization config maps and kubeconfig secrets. Only what changed is looked up.
 */
final class ShootReferences {

    private static final ShootSpec EMPTY_SPEC = new ShootSpec(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null, null);

    private final References refs;
    private final NamedResourceReferences resources;

    ShootReferences(References refs, NamedResourceReferences resources) {
        this.refs = refs;
        this.resources = resources;
    }

    Future<Void> check(Attributes a) {
        Shoot shoot = a.object(Shoot.class);
        ShootSpec spec = shoot.spec() == null ? EMPTY_SPEC : shoot.spec();
        ShootSpec oldSpec =
                a.oldObject() == null ? null : a.oldObject(Shoot.class).spec();
        ShootSpec old = oldSpec == null ? EMPTY_SPEC : oldSpec;
        String namespace = a.namespace();
        boolean deleting = shoot.metadata() != null && shoot.metadata().deletionTimestamp() != null;
        List<Supplier<Future<?>>> steps = new ArrayList<>();
        steps.add(() -> cloudProfile(spec, namespace));
        if (spec.seedName() != null && !spec.seedName().equals(old.seedName())) {
            steps.add(() -> refs.seed(spec.seedName()));
        }
        if (spec.secretBindingName() != null && !spec.secretBindingName().equals(old.secretBindingName())) {
            steps.add(() -> refs.fromLister(
                    GardenerResources.SECRET_BINDINGS, "secretbinding", namespace, spec.secretBindingName()));
        }
        if (spec.credentialsBindingName() != null
                && !spec.credentialsBindingName().equals(old.credentialsBindingName())) {
            steps.add(() -> refs.fromLister(
                    GardenerResources.CREDENTIALS_BINDINGS,
                    "credentialsbinding",
                    namespace,
                    spec.credentialsBindingName()));
        }
        if (spec.exposureClassName() != null && !spec.exposureClassName().equals(old.exposureClassName())) {
            steps.add(() ->
                    refs.fromLister(GardenerResources.EXPOSURE_CLASSES, "exposureclass", "", spec.exposureClassName()));
        }
        steps.add(() -> resources.check(a, namespace, old.resources(), spec.resources()));
        if (spec.dns() != null && !CoreRules.semanticEqual(old.dns(), spec.dns()) && !deleting) {
            for (DNSProvider provider : CoreRules.list(spec.dns().providers())) {
                CrossVersionObjectReference ref = provider.credentialsRef();
                String refName = text(ref == null ? null : ref.name());
                String kind = ref == null ? "/" : text(ref.apiVersion()) + "/" + text(ref.kind());
                if (kind.equals("v1/Secret")) {
                    steps.add(() -> wrap(
                            refs.secret(namespace, refName),
                            "failed to resolve credentials reference of type Secret: "));
                } else if (kind.equals("security.gardener.cloud/v1alpha1/WorkloadIdentity")) {
                    steps.add(() -> wrap(
                            refs.workloadIdentity(namespace, refName),
                            "failed to resolve credentials reference of type WorkloadIdentity: "));
                }
            }
        }
        KubeAPIServerConfig kas =
                spec.kubernetes() == null ? null : spec.kubernetes().kubeAPIServer();
        KubeAPIServerConfig oldKas =
                old.kubernetes() == null ? null : old.kubernetes().kubeAPIServer();
        if (!deleting && kas != null) {
            if (oldKas == null
                    ? !CoreRules.list(kas.admissionPlugins()).isEmpty()
                    : !CoreRules.semanticEqual(oldKas.admissionPlugins(), kas.admissionPlugins())) {
                for (AdmissionPlugin plugin : CoreRules.list(kas.admissionPlugins())) {
                    if (plugin.kubeconfigSecretName() != null) {
                        steps.add(() -> wrap(
                                refs.secret(namespace, plugin.kubeconfigSecretName()),
                                "failed to resolve admission plugin kubeconfig secret reference for "
                                        + GoQuote.quote(text(plugin.name())) + ": "));
                    }
                }
            }
            StructuredAuthentication authn = kas.structuredAuthentication();
            if (authn != null
                    && (oldKas == null || !CoreRules.semanticEqual(oldKas.structuredAuthentication(), authn))) {
                steps.add(() -> wrap(
                        refs.live(GardenerResources.CONFIG_MAPS, namespace, text(authn.configMapName())),
                        "failed to resolve structured authentication config map reference: "));
            }
            StructuredAuthorization authz = kas.structuredAuthorization();
            if (authz != null
                    && (oldKas == null || !CoreRules.semanticEqual(oldKas.structuredAuthorization(), authz))) {
                steps.add(() -> wrap(
                        refs.live(GardenerResources.CONFIG_MAPS, namespace, text(authz.configMapName())),
                        "failed to resolve structured authorization config map reference: "));
                for (AuthorizerKubeconfigReference kubeconfig : CoreRules.list(authz.kubeconfigs())) {
                    steps.add(() -> wrap(
                            refs.secret(namespace, text(kubeconfig.secretName())),
                            "failed to resolve structured authorization kubeconfig secret reference: "));
                }
            }
        }
        Future<?> result = Future.succeededFuture();
        for (Supplier<Future<?>> step : steps) {
            result = result.compose(v -> step.get());
        }
        return result.mapEmpty();
    }

    /**
     * {@code GetCloudProfileSpec}. Gardener compares the old and new references as pointers, which always
     * differ, so the profile is looked up on every spec change.
     */
    private Future<?> cloudProfile(ShootSpec spec, String namespace) {
        String kind;
        String name;
        if (spec.cloudProfile() != null) {
            kind = CoreRules.empty(spec.cloudProfile().kind())
                    ? "CloudProfile"
                    : spec.cloudProfile().kind();
            name = text(spec.cloudProfile().name());
        } else if (!CoreRules.empty(spec.cloudProfileName())) {
            kind = "CloudProfile";
            name = spec.cloudProfileName();
        } else {
            return Future.succeededFuture();
        }
        String prefix = "could not find cloudProfileSpec from the shoot cloudProfile reference: ";
        return switch (kind) {
            case "CloudProfile" ->
                wrap(refs.fromLister(GardenerResources.CLOUD_PROFILES, "cloudprofile", "", name), prefix);
            case "NamespacedCloudProfile" ->
                wrap(
                        refs.fromLister(
                                GardenerResources.NAMESPACED_CLOUD_PROFILES, "namespacedcloudprofile", namespace, name),
                        prefix);
            default ->
                BindingReferences.fail(
                        prefix + "could not find referenced cloud profile with kind " + GoQuote.quote(kind));
        };
    }

    private static Future<?> wrap(Future<?> lookup, String prefix) {
        return lookup.recover(e -> e instanceof ReferenceProblem p
                ? BindingReferences.fail(prefix + p.getMessage())
                : Future.failedFuture(e));
    }
}
