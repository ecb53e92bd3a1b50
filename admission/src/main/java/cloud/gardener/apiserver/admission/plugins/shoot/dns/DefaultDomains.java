package cloud.gardener.apiserver.admission.plugins.shoot.dns;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.plugins.support.SecretIndexes;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The default domains a Shoot may use: those of its Seed's {@code spec.dns.defaults} when the Seed has any,
 * else those of the default-domain Secrets in the {@code garden} namespace, highest priority first.
 */
final class DefaultDomains {

    static final String ROLE_LABEL = SecretIndexes.ROLE_LABEL;
    static final String ROLE_DEFAULT_DOMAIN = "default-domain";
    static final String DOMAIN_ANNOTATION = "dns.gardener.cloud/domain";
    static final String PROVIDER_ANNOTATION = "dns.gardener.cloud/provider";
    static final String PRIORITY_ANNOTATION = "dns.gardener.cloud/domain-default-priority";

    private DefaultDomains() {}

    /** The default domains for a Shoot; fails as Gardener's {@code getDefaultDomains} does, worded for the caller. */
    static Future<List<String>> of(ObjectLookup objects, JsonNode shoot) {
        JsonNode seedName = shoot.path("spec").get("seedName");
        if (seedName == null || seedName.isNull()) {
            return fromSecrets(objects);
        }
        String name = seedName.asText();
        return objects.get(GardenerResources.SEEDS, "", name).compose(seed -> {
            if (seed.isEmpty()) {
                return failure("Internal error occurred: could not get seed " + name + ": seed.core.gardener.cloud \""
                        + name + "\" not found");
            }
            List<String> domains = new ArrayList<>();
            seed.get()
                    .path("spec")
                    .path("dns")
                    .path("defaults")
                    .forEach(d -> domains.add(d.path("domain").asText()));
            return domains.isEmpty() ? fromSecrets(objects) : Future.succeededFuture(domains);
        });
    }

    /**
     * The default-domain Secrets of the garden namespace, found by their role ({@link SecretIndexes#ROLE}) rather
     * than by a read of the namespace's every Secret, in the namespace's list order; tested as in a scan of all.
     */
    private static Future<List<String>> fromSecrets(ObjectLookup objects) {
        return objects.candidates(
                        GardenerResources.SECRETS,
                        GardenerResources.GARDEN_NAMESPACE,
                        SecretIndexes.ROLE,
                        ROLE_DEFAULT_DOMAIN)
                .compose(secrets -> {
                    List<ObjectNode> domainSecrets = new ArrayList<>(secrets.stream()
                            .filter(s -> ROLE_DEFAULT_DOMAIN.equals(s.path("metadata")
                                    .path("labels")
                                    .path(ROLE_LABEL)
                                    .asText(null)))
                            .toList());
                    domainSecrets.sort(
                            Comparator.comparingInt(DefaultDomains::priority).reversed());
                    List<String> domains = new ArrayList<>();
                    for (ObjectNode secret : domainSecrets) {
                        JsonNode annotations = secret.path("metadata").path("annotations");
                        if (!annotations.isObject()) {
                            return failure("domain secret has no annotations");
                        }
                        String domain = annotations.path(DOMAIN_ANNOTATION).asText();
                        if (domain.isEmpty()) {
                            return failure("missing dns domain annotation on domain secret");
                        }
                        if (annotations.path(PROVIDER_ANNOTATION).asText().isEmpty()) {
                            return failure("missing dns provider annotation on domain secret");
                        }
                        domains.add(domain);
                    }
                    return Future.succeededFuture(domains);
                });
    }

    /** The secret's priority; a missing or malformed annotation counts as 0. */
    private static int priority(ObjectNode secret) {
        try {
            return Integer.parseInt(secret.path("metadata")
                    .path("annotations")
                    .path(PRIORITY_ANNOTATION)
                    .asText("0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Gardener wraps these in a plain error, which the server answers with a 500 without reason. */
    private static <T> Future<T> failure(String message) {
        return Future.failedFuture(ApiException.unknown("error retrieving default domains: " + message));
    }
}
