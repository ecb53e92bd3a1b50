package cloud.gardener.apiserver.registry.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StoreLookupTest {

    /** No cache, no registry, no remote server: a name no object can carry is answered without asking any. */
    private final StoreLookup lookup = new StoreLookup(null, null, null, null);

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", ".", "..", "a/b", "50%"})
    void aNameNoObjectCanCarryFindsNothing(String name) {
        for (GroupResource resource : new GroupResource[] {
            new GroupResource("", "secrets"), new GroupResource("core.gardener.cloud", "backupbuckets")
        }) {
            Future<Optional<ObjectNode>> found = lookup.get(resource, "garden-dev", name);
            assertThat(found.succeeded()).as("answered at once").isTrue();
            assertThat(found.result()).isEmpty();
        }
    }
}
