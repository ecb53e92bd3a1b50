package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StoreLookupTest {

    /**
     * No cache, no registry, no remote server: a name no object can carry is answered without asking any, by a get
     * and by a live get.
     */
    private final StoreLookup lookup = new StoreLookup(null, null, null, null);

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", ".", "..", "a/b", "50%"})
    void aNameNoObjectCanCarryFindsNothing(String name) {
        for (GroupResource resource : new GroupResource[] {
            new GroupResource("", "secrets"), new GroupResource("core.gardener.cloud", "backupbuckets")
        }) {
            for (Future<Optional<ObjectNode>> found : java.util.List.of(
                    lookup.get(resource, "garden-dev", name), lookup.getLive(resource, "garden-dev", name))) {
                assertThat(found.succeeded()).as("answered at once").isTrue();
                assertThat(found.result()).isEmpty();
            }
        }
    }

    @Test
    void aTreeHandedOutIsDecodedOnceAndAChangedObjectAnew() {
        ObjectNode project = (ObjectNode) Json.readTree(
                ("{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Project\",\"metadata\":{\"name\":\"dev\","
                                + "\"resourceVersion\":\"5\"},\"spec\":{\"namespace\":\"garden-dev\"}}")
                        .getBytes(StandardCharsets.UTF_8));
        Project first = lookup.decode(project, Project.class);
        assertThat(first.spec().namespace()).isEqualTo("garden-dev");
        assertThat(lookup.decode(project, Project.class)).isSameAs(first);

        // a changed object is another tree (the cache never changes one it handed out)
        ObjectNode changed = project.deepCopy();
        ((ObjectNode) changed.path("spec")).put("namespace", "garden-other");
        Project second = lookup.decode(changed, Project.class);
        assertThat(second).isNotSameAs(first);
        assertThat(second.spec().namespace()).isEqualTo("garden-other");
        assertThat(lookup.decode(project, Project.class).spec().namespace()).isEqualTo("garden-dev");
    }
}
