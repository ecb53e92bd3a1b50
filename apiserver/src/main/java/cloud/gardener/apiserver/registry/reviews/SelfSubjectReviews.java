package cloud.gardener.apiserver.registry.reviews;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@code authentication.k8s.io} SelfSubjectReview (who am I): the request's user as authentication found it, in
 * a new object created now, whatever the request carried (upstream's REST storage ignores the body).
 */
public final class SelfSubjectReviews {

    private final Clock clock;

    public SelfSubjectReviews(Clock clock) {
        this.clock = clock;
    }

    public ObjectNode review(UserInfo user, String apiVersion) {
        ObjectNode answer = Json.MAPPER.createObjectNode();
        answer.put("kind", "SelfSubjectReview");
        answer.put("apiVersion", apiVersion);
        answer.putObject("metadata")
                .put(
                        "creationTimestamp",
                        Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString());
        ObjectNode userInfo = answer.putObject("status").putObject("userInfo");
        if (!user.name().isEmpty()) {
            userInfo.put("username", user.name());
        }
        if (!user.uid().isEmpty()) {
            userInfo.put("uid", user.uid());
        }
        if (!user.groups().isEmpty()) {
            ArrayNode groups = userInfo.putArray("groups");
            user.groups().forEach(groups::add);
        }
        if (!user.extra().isEmpty()) {
            ObjectNode extra = userInfo.putObject("extra");
            // a Go map: keys sorted
            new java.util.TreeMap<>(user.extra()).forEach((key, values) -> {
                ArrayNode array = extra.putArray(key);
                values.forEach(array::add);
            });
        }
        return answer;
    }
}
