package cloud.gardener.apiserver.admission.plugins.global.resourcereferencemanager;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
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

    private final References refs;
    private final NamedResourceReferences resources;

    ShootReferences(References refs, NamedResourceReferences resources) {
        this.refs = refs;
        this.resources = resources;
    }

    Future<Void> check(Attributes a) {
        JsonNode spec = a.object().path("spec");
        JsonNode old = a.oldObject() == null
                ? MissingNode.getInstance()
                : a.oldObject().path("spec");
        String namespace = a.namespace();
        boolean deleting = a.object().path("metadata").hasNonNull("deletionTimestamp");
        List<Supplier<Future<?>>> steps = new ArrayList<>();
        steps.add(() -> cloudProfile(spec, namespace));
        if (changed(old, spec, "seedName") && spec.hasNonNull("seedName")) {
            steps.add(() -> refs.seed(text(spec, "seedName")));
        }
        if (spec.hasNonNull("secretBindingName") && changed(old, spec, "secretBindingName")) {
            steps.add(() -> refs.fromLister(
                    GardenerResources.SECRET_BINDINGS, "secretbinding", namespace, text(spec, "secretBindingName")));
        }
        if (spec.hasNonNull("credentialsBindingName") && changed(old, spec, "credentialsBindingName")) {
            steps.add(() -> refs.fromLister(
                    GardenerResources.CREDENTIALS_BINDINGS,
                    "credentialsbinding",
                    namespace,
                    text(spec, "credentialsBindingName")));
        }
        if (spec.hasNonNull("exposureClassName") && changed(old, spec, "exposureClassName")) {
            steps.add(() -> refs.fromLister(
                    GardenerResources.EXPOSURE_CLASSES, "exposureclass", "", text(spec, "exposureClassName")));
        }
        steps.add(() -> resources.check(a, namespace, old.get("resources"), spec.get("resources")));
        if (changed(old, spec, "dns") && spec.hasNonNull("dns") && !deleting) {
            for (JsonNode provider : spec.path("dns").path("providers")) {
                JsonNode ref = provider.path("credentialsRef");
                String refName = text(ref, "name");
                String kind = text(ref, "apiVersion") + "/" + text(ref, "kind");
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
        JsonNode kas = spec.path("kubernetes").path("kubeAPIServer");
        JsonNode oldKas = old.path("kubernetes").path("kubeAPIServer");
        if (!deleting && present(kas)) {
            if (sectionChanged(oldKas, kas, "admissionPlugins")) {
                for (JsonNode plugin : kas.path("admissionPlugins")) {
                    if (plugin.hasNonNull("kubeconfigSecretName")) {
                        steps.add(() -> wrap(
                                refs.secret(namespace, text(plugin, "kubeconfigSecretName")),
                                "failed to resolve admission plugin kubeconfig secret reference for "
                                        + GoQuote.quote(text(plugin, "name")) + ": "));
                    }
                }
            }
            if (sectionChanged(oldKas, kas, "structuredAuthentication") && kas.hasNonNull("structuredAuthentication")) {
                steps.add(() -> wrap(
                        refs.live(
                                GardenerResources.CONFIG_MAPS,
                                namespace,
                                text(kas, "structuredAuthentication", "configMapName")),
                        "failed to resolve structured authentication config map reference: "));
            }
            if (sectionChanged(oldKas, kas, "structuredAuthorization") && kas.hasNonNull("structuredAuthorization")) {
                JsonNode authz = kas.path("structuredAuthorization");
                steps.add(() -> wrap(
                        refs.live(GardenerResources.CONFIG_MAPS, namespace, text(authz, "configMapName")),
                        "failed to resolve structured authorization config map reference: "));
                for (JsonNode kubeconfig : authz.path("kubeconfigs")) {
                    steps.add(() -> wrap(
                            refs.secret(namespace, text(kubeconfig, "secretName")),
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
    private Future<?> cloudProfile(JsonNode spec, String namespace) {
        String kind;
        String name;
        if (spec.hasNonNull("cloudProfile")) {
            kind = text(spec, "cloudProfile", "kind").isEmpty() ? "CloudProfile" : text(spec, "cloudProfile", "kind");
            name = text(spec, "cloudProfile", "name");
        } else if (!text(spec, "cloudProfileName").isEmpty()) {
            kind = "CloudProfile";
            name = text(spec, "cloudProfileName");
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

    private static boolean changed(JsonNode old, JsonNode spec, String field) {
        return !SemanticEquality.equal(old.get(field), spec.get(field));
    }

    /** Whether a kube-apiserver section changed, as Gardener's three "...Changed" closures decide it. */
    private static boolean sectionChanged(JsonNode oldKas, JsonNode kas, String field) {
        if (!present(oldKas)) {
            return field.equals("admissionPlugins") ? !kas.path(field).isEmpty() : kas.hasNonNull(field);
        }
        return !SemanticEquality.equal(oldKas.get(field), kas.get(field));
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isMissingNode() && !node.isNull();
    }

    private static Future<?> wrap(Future<?> lookup, String prefix) {
        return lookup.recover(e -> e instanceof ReferenceProblem p
                ? BindingReferences.fail(prefix + p.getMessage())
                : Future.failedFuture(e));
    }
}
