package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.DNS;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/** {@code validateDNSDomainUniqueness}: no other shoot has the domain, a parent or a subdomain of it. */
final class DnsDomains {

    private static final String PATH = "spec.dns.domain";

    private DnsDomains() {}

    static Future<List<FieldError>> unique(Review r, ObjectLookup objects) {
        String domain = r.spec().dns() == null ? null : r.spec().dns().domain();
        if (domain == null) {
            return Future.succeededFuture(List.of());
        }
        String name = r.name();
        String namespace = r.a().namespace();
        return objects.candidates(GardenObjects.SHOOTS, ShootIndexes.DNS_DOMAIN, domain)
                .map(shoots -> {
                    for (ObjectNode tree : shoots) {
                        Shoot other = objects.decode(tree, Shoot.class);
                        ObjectMeta meta = Review.metadata(other);
                        if (name.equals(CoreRules.text(meta.name()))
                                && namespace.equals(CoreRules.text(meta.namespace()))) {
                            continue;
                        }
                        DNS dns = Review.spec(other).dns();
                        String otherDomain = dns == null ? null : dns.domain();
                        if (otherDomain == null) {
                            continue;
                        }
                        if (otherDomain.equals(domain)) {
                            return List.of(FieldError.duplicate(PATH, domain));
                        }
                        if (intersect(otherDomain, domain)) {
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
