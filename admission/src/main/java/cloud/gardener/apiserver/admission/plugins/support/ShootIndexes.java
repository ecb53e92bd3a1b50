package cloud.gardener.apiserver.admission.plugins.support;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.admission.ObjectIndex;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The indexes of Shoots admission looks Shoots up by instead of scanning them all on every Shoot create. */
public final class ShootIndexes {

    /**
     * By DNS domain, for {@code validateDNSDomainUniqueness}: a lookup of a domain finds every Shoot whose
     * {@code spec.dns.domain} is it, one of its parents or one of its subdomains (as {@code hasDomainIntersection}
     * compares them: by string suffix after a dot). A Shoot is filed under its domain ({@code d:}) and under each of
     * its suffixes that start at a dot ({@code s:}); a lookup reads the domain itself, the suffix term of its
     * subdomains and each of its own suffixes (with and without their dot) as a domain.
     */
    public static final ObjectIndex DNS_DOMAIN = new ObjectIndex() {
        @Override
        public String name() {
            return "dns-domain";
        }

        @Override
        public List<String> paths() {
            return List.of("spec.dns.domain");
        }

        @Override
        public Set<String> terms(JsonNode shoot) {
            JsonNode domain = shoot.path("spec").path("dns").path("domain");
            if (!domain.isTextual()) {
                return Set.of();
            }
            String d = domain.asText();
            Set<String> terms = new HashSet<>();
            terms.add("d:" + d);
            for (int i = d.indexOf('.'); i >= 0; i = d.indexOf('.', i + 1)) {
                terms.add("s:" + d.substring(i));
            }
            return terms;
        }

        @Override
        public Set<String> queryTerms(String domain) {
            Set<String> terms = new HashSet<>();
            terms.add("d:" + domain);
            terms.add("s:" + (domain.startsWith(".") ? domain : "." + domain));
            for (int i = domain.indexOf('.'); i >= 0; i = domain.indexOf('.', i + 1)) {
                terms.add("d:" + domain.substring(i));
                terms.add("d:" + domain.substring(i + 1));
            }
            return terms;
        }
    };

    /**
     * By seed, for seed usage and capacity: a Shoot is filed under its {@code spec.seedName} and
     * {@code status.seedName} (each as the checks read it; "" when unset), a lookup of a seed reads its name.
     */
    public static final ObjectIndex SEED = new ObjectIndex() {
        @Override
        public String name() {
            return "seed";
        }

        @Override
        public List<String> paths() {
            return List.of("spec.seedName", "status.seedName");
        }

        @Override
        public Set<String> terms(JsonNode shoot) {
            JsonNode spec = shoot.path("spec").path("seedName");
            JsonNode status = shoot.path("status").path("seedName");
            return Set.copyOf(List.of(
                    text(shoot, "spec", "seedName"),
                    text(shoot, "status", "seedName"),
                    spec.asText(""),
                    status.asText("")));
        }

        @Override
        public Set<String> queryTerms(String seed) {
            return Set.of(seed);
        }
    };

    /** The indexes of Shoots an admission cache keeps. */
    public static final List<ObjectIndex> ALL = List.of(DNS_DOMAIN, SEED);

    private ShootIndexes() {}
}
