package cloud.gardener.apiserver.admission.plugins.managedseed.validator;

import static cloud.gardener.apiserver.admission.validation.core.CoreRules.list;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.map;
import static cloud.gardener.apiserver.admission.validation.core.CoreRules.text;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.SecretIndexes;
import cloud.gardener.apiserver.api.core.v1beta1.DNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNSProvider;
import cloud.gardener.apiserver.api.core.v1beta1.SeedDNSProviderConfig;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.corev1.Secret;
import cloud.gardener.apiserver.api.k8s.corev1.SecretReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;

/**
 * {@code getSeedDNSProvider}: the DNS provider a managed seed takes from its shoot, from the shoot's primary
 * provider for a custom domain, else from the default domain (the shoot's seed's defaults, or the garden's
 * default-domain secrets). A plain failure becomes a field error; an {@link ApiException} is internal.
 */
final class SeedDnsProviders {

    private final ObjectLookup objects;

    SeedDnsProviders(ObjectLookup objects) {
        this.objects = objects;
    }

    Future<SeedDNSProvider> forShoot(Shoot shoot) {
        ObjectMeta meta = shoot.metadata();
        String namespace = meta == null ? "" : text(meta.namespace());
        String key = namespace + "/" + (meta == null ? "" : text(meta.name()));
        ShootSpec spec = shoot.spec();
        return customDomain(spec, namespace, key)
                .compose(found -> found != null ? Future.succeededFuture(found) : defaultDomain(spec))
                .compose(found -> found != null
                        ? Future.succeededFuture(found)
                        : Future.failedFuture(new IllegalStateException(
                                "domain of shoot " + key + " is neither a custom domain nor a default domain")));
    }

    /** {@code FindPrimaryDNSProvider}: the first provider marked primary, or null. */
    private static DNSProvider primary(ShootSpec spec) {
        if (spec == null || spec.dns() == null) {
            return null;
        }
        return list(spec.dns().providers()).stream()
                .filter(p -> Boolean.TRUE.equals(p.primary()))
                .findFirst()
                .orElse(null);
    }

    private Future<SeedDNSProvider> customDomain(ShootSpec spec, String namespace, String key) {
        DNSProvider primary = primary(spec);
        if (primary == null) {
            return Future.succeededFuture(null);
        }
        if (primary.type() == null) {
            return Future.failedFuture(
                    new IllegalStateException("primary DNS provider of shoot " + key + " does not have a type"));
        }
        String type = primary.type();
        if ("unmanaged".equals(type)) {
            return Future.succeededFuture(null);
        }
        if (primary.credentialsRef() != null) {
            var ref = primary.credentialsRef();
            return Future.succeededFuture(new SeedDNSProvider(
                    type, new ObjectReference(ref.kind(), namespace, ref.name(), null, ref.apiVersion(), null, null)));
        }
        if (spec.secretBindingName() != null) {
            String binding = spec.secretBindingName();
            return objects.get(SecretBinding.class, GardenerResources.SECRET_BINDINGS, namespace, binding)
                    .compose(found -> {
                        if (found.isEmpty()) {
                            return Future.failedFuture(new IllegalStateException(
                                    "secret binding " + namespace + "/" + binding + " not found"));
                        }
                        SecretReference secretRef = found.get().secretRef();
                        return Future.succeededFuture(new SeedDNSProvider(
                                type,
                                secretRef(
                                        secretRef == null ? "" : text(secretRef.name()),
                                        secretRef == null ? "" : text(secretRef.namespace()))));
                    });
        }
        if (spec.credentialsBindingName() != null) {
            String binding = spec.credentialsBindingName();
            return objects.get(CredentialsBinding.class, GardenerResources.CREDENTIALS_BINDINGS, namespace, binding)
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(new IllegalStateException(
                                    "credentials binding " + namespace + "/" + binding + " not found"))
                            : Future.succeededFuture(
                                    new SeedDNSProvider(type, found.get().credentialsRef())));
        }
        return Future.failedFuture(new IllegalStateException(
                "cannot initialize a reference to the primary DNS provider " + "credentials of shoot " + key));
    }

    @SuppressWarnings("ReferenceEquality") // NONE is an identity sentinel: the seed has defaults and none matched
    private Future<SeedDNSProvider> defaultDomain(ShootSpec spec) {
        String domain =
                spec == null || spec.dns() == null ? "" : text(spec.dns().domain());
        String seedName = spec == null ? "" : text(spec.seedName());
        Future<SeedDNSProvider> fromSeed = seedName.isEmpty()
                ? Future.succeededFuture(null)
                : objects.get(Seed.class, GardenerResources.SEEDS, "", seedName).compose(seed -> {
                    if (seed.isEmpty()) {
                        return Future.failedFuture(ApiException.internal("could not get seed " + seedName
                                + ": seed.core.gardener.cloud \"" + seedName + "\" not found"));
                    }
                    var seedSpec = seed.get().spec();
                    List<SeedDNSProviderConfig> defaults = seedSpec == null || seedSpec.dns() == null
                            ? List.of()
                            : list(seedSpec.dns().defaults());
                    for (SeedDNSProviderConfig d : defaults) {
                        if (domain.endsWith("." + text(d.domain()))) {
                            return Future.succeededFuture(new SeedDNSProvider(d.type(), d.credentialsRef()));
                        }
                    }
                    // A seed with defaults answers alone; without, the garden's default domains count.
                    return defaults.isEmpty() ? Future.succeededFuture(null) : Future.succeededFuture(NONE);
                });
        return fromSeed.compose(found -> {
            if (found == NONE) {
                return Future.succeededFuture(null);
            }
            if (found != null) {
                return Future.succeededFuture(found);
            }
            // the garden's secrets labelled as default domain, in the namespace's list order
            return objects.candidates(
                            GardenerResources.SECRETS,
                            GardenerResources.GARDEN_NAMESPACE,
                            SecretIndexes.ROLE,
                            "default-domain")
                    .compose(secrets -> defaultDomainSecret(secrets, domain));
        });
    }

    /** The provider of the first default-domain secret whose domain ends the shoot's domain, or null. */
    private Future<SeedDNSProvider> defaultDomainSecret(List<ObjectNode> secrets, String domain) {
        for (ObjectNode tree : secrets) {
            Secret secret = objects.decode(tree, Secret.class);
            ObjectMeta meta = secret.metadata();
            if (meta == null || !"default-domain".equals(map(meta.labels()).get(SecretIndexes.ROLE_LABEL))) {
                continue;
            }
            Map<String, String> annotations = map(meta.annotations());
            String secretDomain = text(annotations.get("dns.gardener.cloud/domain"));
            String provider = text(annotations.get("dns.gardener.cloud/provider"));
            if (secretDomain.isEmpty() || provider.isEmpty()) {
                return Future.failedFuture(ApiException.internal("could not get domain info from domain secret "
                        + "annotations: missing dns "
                        + (secretDomain.isEmpty() ? "domain" : "provider")
                        + " annotation on domain secret"));
            }
            if (domain.endsWith(secretDomain)) {
                return Future.succeededFuture(new SeedDNSProvider(
                        provider, secretRef(text(meta.name()), GardenerResources.GARDEN_NAMESPACE)));
            }
        }
        return Future.succeededFuture(null);
    }

    /** Marks "the seed has defaults, none fits": no provider, and no look at the garden's secrets. */
    private static final SeedDNSProvider NONE = new SeedDNSProvider("", null);

    private static ObjectReference secretRef(String name, String namespace) {
        return new ObjectReference("Secret", namespace, name, null, "v1", null, null);
    }
}
