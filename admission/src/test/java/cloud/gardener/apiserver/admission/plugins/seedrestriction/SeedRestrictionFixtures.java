package cloud.gardener.apiserver.admission.plugins.seedrestriction;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** What the SeedRestriction tests share: the seed clients, the plugin's clock and bodies. */
final class SeedRestrictionFixtures {

    static final UserInfo GARDENLET = UserInfo.of(
            "gardener.cloud:system:seed:seed-a", List.of("gardener.cloud:system:seeds", "system:authenticated"));
    static final UserInfo EXTENSION = UserInfo.of(
            "system:serviceaccount:seed-seed-a:extension-provider-local",
            List.of("system:serviceaccounts", "system:serviceaccounts:seed-seed-a", "system:authenticated"));
    static final String NOT_OWN = "object does not belong to seed \"seed-a\"";
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);

    private SeedRestrictionFixtures() {}

    /** JSON written with single quotes. */
    static ObjectNode json(String text) {
        return (ObjectNode) Json.readTree(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }
}
