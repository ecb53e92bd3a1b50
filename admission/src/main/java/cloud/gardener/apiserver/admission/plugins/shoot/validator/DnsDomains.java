package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.List;

/** {@code validateDNSDomainUniqueness}: no other shoot has the domain, a parent or a subdomain of it. */
final class DnsDomains {

    private static final String PATH = "spec.dns.domain";

    private DnsDomains() {}

    static Future<List<FieldError>> unique(Review r, ObjectLookup objects) {
        JsonNode domainNode = r.spec().path("dns").path("domain");
        if (!domainNode.isTextual()) {
            return Future.succeededFuture(List.of());
        }
        String domain = domainNode.asText();
        String name = r.name();
        String namespace = r.a().namespace();
        return objects.candidates(GardenObjects.SHOOTS, ShootIndexes.DNS_DOMAIN, domain)
                .map(shoots -> {
                    for (JsonNode other : shoots) {
                        if (name.equals(other.path("metadata").path("name").asText())
                                && namespace.equals(
                                        other.path("metadata").path("namespace").asText())) {
                            continue;
                        }
                        JsonNode otherDomain = other.path("spec").path("dns").path("domain");
                        if (!otherDomain.isTextual()) {
                            continue;
                        }
                        if (otherDomain.asText().equals(domain)) {
                            return List.of(FieldError.duplicate(PATH, domain));
                        }
                        if (intersect(otherDomain.asText(), domain)) {
                            return List.of(FieldError.forbidden(
                                    PATH,
                                    "the domain is already used by another shoot or it is a "
                                            + "subdomain of an already used domain"));
                        }
                    }
                    return List.of();
                });
    }

    /** {@code hasDomainIntersection}: one domain is the other or a subdomain of it. */
    static boolean intersect(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        String shorter = a.length() > b.length() ? b : a;
        String longer = a.length() > b.length() ? a : b;
        if (!shorter.startsWith(".")) {
            shorter = "." + shorter;
        }
        return longer.endsWith(shorter);
    }
}
