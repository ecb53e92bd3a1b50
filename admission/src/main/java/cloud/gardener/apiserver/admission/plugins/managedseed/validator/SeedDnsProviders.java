package cloud.gardener.apiserver.admission.plugins.managedseed.validator;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

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

    Future<ObjectNode> forShoot(JsonNode shoot) {
        String key = text(shoot, "metadata", "namespace") + "/" + text(shoot, "metadata", "name");
        return customDomain(shoot, key)
                .compose(found -> found != null ? Future.succeededFuture(found) : defaultDomain(shoot))
                .compose(found -> found != null
                        ? Future.succeededFuture(found)
                        : Future.failedFuture(new IllegalStateException(
                                "domain of shoot " + key + " is neither a custom domain nor a default domain")));
    }

    private Future<ObjectNode> customDomain(JsonNode shoot, String key) {
        JsonNode primary = null;
        for (JsonNode provider : shoot.path("spec").path("dns").path("providers")) {
            if (provider.path("primary").asBoolean(false)) {
                primary = provider;
                break;
            }
        }
        if (primary == null) {
            return Future.succeededFuture(null);
        }
        if (!primary.hasNonNull("type")) {
            return Future.failedFuture(
                    new IllegalStateException("primary DNS provider of shoot " + key + " does not have a type"));
        }
        if ("unmanaged".equals(text(primary, "type"))) {
            return Future.succeededFuture(null);
        }
        String type = text(primary, "type");
        String namespace = text(shoot, "metadata", "namespace");
        JsonNode spec = shoot.path("spec");
        if (primary.path("credentialsRef").isObject()) {
            ObjectNode ref = primary.get("credentialsRef").deepCopy();
            ref.put("namespace", namespace);
            return Future.succeededFuture(provider(type, ref));
        }
        if (spec.hasNonNull("secretBindingName")) {
            String binding = text(spec, "secretBindingName");
            return objects.get(GardenerResources.SECRET_BINDINGS, namespace, binding)
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(new IllegalStateException(
                                    "secret binding " + namespace + "/" + binding + " not found"))
                            : Future.succeededFuture(provider(
                                    type,
                                    secretRef(
                                            text(found.get(), "secretRef", "name"),
                                            text(found.get(), "secretRef", "namespace")))));
        }
        if (spec.hasNonNull("credentialsBindingName")) {
            String binding = text(spec, "credentialsBindingName");
            return objects.get(GardenerResources.CREDENTIALS_BINDINGS, namespace, binding)
                    .compose(found -> found.isEmpty()
                            ? Future.failedFuture(new IllegalStateException(
                                    "credentials binding " + namespace + "/" + binding + " not found"))
                            : Future.succeededFuture(provider(
                                    type, found.get().path("credentialsRef").deepCopy())));
        }
        return Future.failedFuture(new IllegalStateException(
                "cannot initialize a reference to the primary DNS provider " + "credentials of shoot " + key));
    }

    @SuppressWarnings("ReferenceEquality") // NONE is an identity sentinel: the seed has defaults and none matched
    private Future<ObjectNode> defaultDomain(JsonNode shoot) {
        String domain = text(shoot, "spec", "dns", "domain");
        String seedName = text(shoot, "spec", "seedName");
        Future<ObjectNode> fromSeed = seedName.isEmpty()
                ? Future.succeededFuture(null)
                : objects.get(GardenerResources.SEEDS, "", seedName).compose(seed -> {
                    if (seed.isEmpty()) {
                        return Future.failedFuture(ApiException.internal("could not get seed " + seedName
                                + ": seed.core.gardener.cloud \"" + seedName + "\" not found"));
                    }
                    JsonNode defaults = seed.get().path("spec").path("dns").path("defaults");
                    for (JsonNode d : defaults) {
                        if (domain.endsWith("." + text(d, "domain"))) {
                            return Future.succeededFuture(provider(
                                    text(d, "type"), d.path("credentialsRef").deepCopy()));
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
            return objects.list(GardenerResources.SECRETS, GardenerResources.GARDEN_NAMESPACE)
                    .compose(secrets -> {
                        for (ObjectNode secret : secrets) {
                            if (!"default-domain".equals(text(secret, "metadata", "labels", "gardener.cloud/role"))) {
                                continue;
                            }
                            JsonNode annotations = secret.path("metadata").path("annotations");
                            String secretDomain = text(annotations, "dns.gardener.cloud/domain");
                            if (secretDomain.isEmpty()
                                    || text(annotations, "dns.gardener.cloud/provider")
                                            .isEmpty()) {
                                return Future.failedFuture(
                                        ApiException.internal("could not get domain info from domain secret "
                                                + "annotations: missing dns "
                                                + (secretDomain.isEmpty() ? "domain" : "provider")
                                                + " annotation on domain secret"));
                            }
                            if (domain.endsWith(secretDomain)) {
                                return Future.succeededFuture(provider(
                                        text(annotations, "dns.gardener.cloud/provider"),
                                        secretRef(
                                                text(secret, "metadata", "name"), GardenerResources.GARDEN_NAMESPACE)));
                            }
                        }
                        return Future.succeededFuture(null);
                    });
        });
    }

    /** Marks "the seed has defaults, none fits": no provider, and no look at the garden's secrets. */
    private static final ObjectNode NONE = JsonNodeFactory.instance.objectNode();

    private static ObjectNode provider(String type, JsonNode credentialsRef) {
        ObjectNode provider = JsonNodeFactory.instance.objectNode().put("type", type);
        provider.set("credentialsRef", credentialsRef);
        return provider;
    }

    private static ObjectNode secretRef(String name, String namespace) {
        return JsonNodeFactory.instance
                .objectNode()
                .put("apiVersion", "v1")
                .put("kind", "Secret")
                .put("name", name)
                .put("namespace", namespace);
    }
}
