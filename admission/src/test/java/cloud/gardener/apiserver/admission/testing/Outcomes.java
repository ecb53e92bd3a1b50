package cloud.gardener.apiserver.admission.testing;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;

/** What plugin tests expect of an admission step, and the Shoot requests most of them send. */
public final class Outcomes {

    public static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    public static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");

    private Outcomes() {}

    /** The step's rejection (it must have failed with an API error). */
    public static ApiException rejection(Future<?> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        assertThat(result.cause()).isInstanceOf(ApiException.class);
        return (ApiException) result.cause();
    }

    /** Asserts the step accepted the request. */
    public static void accepted(Future<?> result) {
        assertThat(result.succeeded())
                .as(() -> "accepted, but: " + result.cause())
                .isTrue();
    }

    /**
     * Asserts a mutating plugin accepted the request and answered what it did truly: when it says it wrote nothing
     * ({@link Mutation#NONE}), the object is as {@code before} (a copy taken before the call); when it names the places
     * it wrote ({@link Mutation#at}), the object is as {@code before} but for the subtrees there.
     *
     * @return the plugin's answer
     */
    public static Mutation acceptedAnsweringItsWrites(Future<Mutation> result, ObjectNode before, ObjectNode after) {
        accepted(result);
        Mutation answer = result.result();
        if (answer == Mutation.NONE) {
            assertThat(after).as("the object of a plugin that wrote nothing").isEqualTo(before);
        } else if (answer != null && answer.written() != null) {
            ObjectNode unwrittenBefore = before.deepCopy();
            ObjectNode unwrittenAfter = after.deepCopy();
            for (List<String> path : answer.written()) {
                removeAt(unwrittenBefore, unwrittenAfter, path);
            }
            assertThat(unwrittenAfter)
                    .as("the object of a plugin that wrote at %s, but for those places", answer.written())
                    .isEqualTo(unwrittenBefore);
        }
        return answer;
    }

    /**
     * Removes the member at {@code path} from both trees: at its end, or where the two part (a member the plugin
     * created on the way, or one not an object on either side).
     */
    private static void removeAt(ObjectNode before, ObjectNode after, List<String> path) {
        ObjectNode b = before;
        ObjectNode a = after;
        for (int i = 0; i < path.size(); i++) {
            String name = path.get(i);
            if (i == path.size() - 1
                    || !(b.get(name) instanceof ObjectNode nextBefore)
                    || !(a.get(name) instanceof ObjectNode nextAfter)) {
                b.remove(name);
                a.remove(name);
                return;
            }
            b = nextBefore;
            a = nextAfter;
        }
    }

    /** A Shoot request of user alice; namespace and name come from the object (or the old one). */
    public static Attributes shootRequest(Operation operation, String subresource, ObjectNode shoot, ObjectNode old) {
        return Requests.of(SHOOT, SHOOTS, subresource, operation, shoot, old, Requests.ALICE);
    }

    /** The same request by another user. */
    public static Attributes as(UserInfo user, Attributes a) {
        return new Attributes(
                a.kind(),
                a.resource(),
                a.subresource(),
                a.namespace(),
                a.name(),
                a.operation(),
                a.object(),
                a.oldObject(),
                user,
                a.dryRun());
    }
}
