package cloud.gardener.apiserver.admission.plugins.namespacelifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class NamespaceLifecycleTest {

    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");
    private static final GroupResource NAMESPACES = new GroupResource("", "namespaces");

    private static ObjectNode namespace(String phase, boolean deleting) {
        ObjectNode ns = JsonNodeFactory.instance.objectNode();
        if (deleting) {
            ns.putObject("metadata").put("deletionTimestamp", "2026-01-01T00:00:00Z");
        }
        ns.putObject("status").put("phase", phase);
        return ns;
    }

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(NAMESPACES, named("active", namespace("Active", false)))
            .put(NAMESPACES, named("terminating", namespace("Terminating", true)));
    private final NamespaceLifecycle plugin =
            new NamespaceLifecycle(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static ObjectNode named(String name, ObjectNode ns) {
        ns.withObjectProperty("metadata").put("name", name);
        return ns;
    }

    private static Attributes attrs(GroupResource resource, String namespace, String name, Operation op) {
        return Requests.at(
                UserInfo.of("alice", List.of()), resource, op, namespace, name, JsonNodeFactory.instance.objectNode());
    }

    private static ApiException rejection(Future<?> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        return (ApiException) result.cause();
    }

    @Test
    void createInAnActiveNamespaceIsAllowed() {
        assertThat(plugin.admit(attrs(SHOOTS, "active", "s", Operation.CREATE)).succeeded())
                .isTrue();
    }

    @Test
    void createInAMissingNamespaceIsNotFound() {
        ApiException e = rejection(plugin.admit(attrs(SHOOTS, "missing", "s", Operation.CREATE)));
        assertThat(e.code()).isEqualTo(404);
        assertThat(e.getMessage()).isEqualTo("namespaces \"missing\" not found");
    }

    @Test
    void createInATerminatingNamespaceIsForbidden() {
        ApiException e = rejection(plugin.admit(attrs(SHOOTS, "terminating", "s", Operation.CREATE)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"s\" is forbidden: unable to create new "
                        + "content in namespace terminating because it is being terminated");
    }

    @Test
    void clusterScopedObjectsAndNamespacesThemselvesAreNotChecked() {
        assertThat(plugin.admit(attrs(new GroupResource("core.gardener.cloud", "seeds"), "", "s", Operation.CREATE))
                        .succeeded())
                .isTrue();
        assertThat(plugin.admit(attrs(NAMESPACES, "", "new", Operation.CREATE)).succeeded())
                .isTrue();
    }

    @Test
    void immortalNamespacesCannotBeDeleted() {
        for (String name : List.of("default", "kube-system", "kube-public")) {
            ApiException e = rejection(plugin.admit(attrs(NAMESPACES, "", name, Operation.DELETE)));
            assertThat(e.code()).isEqualTo(403);
            assertThat(e.getMessage())
                    .isEqualTo("namespaces \"" + name + "\" is forbidden: this namespace may not be deleted");
        }
        assertThat(plugin.admit(attrs(NAMESPACES, "", "garden-dev", Operation.DELETE))
                        .succeeded())
                .isTrue();
    }

    @Test
    void createIsForbiddenUntilTheCachesAreSynced() {
        NamespaceLifecycle unsynced = new NamespaceLifecycle(
                new PluginContext(new InMemoryObjects().notReady(), null, null, Clock.systemUTC()));
        ApiException e = rejection(unsynced.admit(attrs(SHOOTS, "active", "s", Operation.CREATE)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"s\" is forbidden: not yet ready to handle request");
    }
}
