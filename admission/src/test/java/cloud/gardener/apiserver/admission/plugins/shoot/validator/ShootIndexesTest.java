package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.plugins.support.ShootIndexes;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Shoot indexes find every Shoot the scans they replace would have matched: by DNS domain each Shoot whose domain
 * intersects the domain looked up as the uniqueness check compares them ({@link DnsDomains#intersect}); by seed each
 * Shoot on the seed. (Beside the check whose comparison the domain index must agree with.)
 */
class ShootIndexesTest {

    private static final List<String> DOMAINS = List.of(
            "a.example.com",
            "b.a.example.com",
            "x.b.a.example.com",
            "example.com",
            "com",
            "ba.example.com",
            ".a.example.com",
            "a.example.org",
            "example.com.");

    private static ObjectNode shoot(String domain, String specSeed, String statusSeed) {
        ObjectNode shoot = Json.MAPPER.createObjectNode();
        ObjectNode spec = shoot.putObject("spec");
        if (domain != null) {
            spec.putObject("dns").put("domain", domain);
        }
        if (specSeed != null) {
            spec.put("seedName", specSeed);
        }
        if (statusSeed != null) {
            shoot.putObject("status").put("seedName", statusSeed);
        }
        return shoot;
    }

    private static boolean found(JsonNode shoot, String domain) {
        return !Collections.disjoint(ShootIndexes.DNS_DOMAIN.terms(shoot), ShootIndexes.DNS_DOMAIN.queryTerms(domain));
    }

    @Test
    void aDomainFindsExactlyTheShootsWhoseDomainsIntersectIt() {
        for (String looked : DOMAINS) {
            for (String other : DOMAINS) {
                assertThat(found(shoot(other, null, null), looked))
                        .as("%s looked up, a shoot of %s", looked, other)
                        .isEqualTo(DnsDomains.intersect(other, looked));
            }
        }
        assertThat(found(shoot(null, null, null), "a.example.com")).isFalse();
    }

    @Test
    void aSeedFindsTheShootsScheduledOrRunningThere() {
        assertThat(ShootIndexes.SEED.terms(shoot(null, "s1", "s2"))).contains("s1", "s2");
        assertThat(ShootIndexes.SEED.terms(shoot(null, "s1", null))).contains("s1");
        assertThat(ShootIndexes.SEED.terms(shoot(null, null, "s2"))).contains("s2");
        // a scan for the empty name matches unscheduled shoots: so does the index
        assertThat(ShootIndexes.SEED.terms(shoot(null, null, null))).contains("");
        assertThat(ShootIndexes.SEED.queryTerms("s1")).containsExactly("s1");
    }
}
