package cloud.gardener.apiserver.admission.plugins.support;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProjectsTest {

    private static Optional<String> owner(ObjectLookup objects, String namespace) {
        return Projects.forNamespace(objects, namespace)
                .result()
                .map(p -> p.metadata().name());
    }

    @Test
    void findsTheProjectWhoseNamespaceItIsAmongProjectsWithoutOne() {
        InMemoryObjects objects = new InMemoryObjects()
                .put(GardenerResources.PROJECTS, "{metadata: {name: bare}}")
                .put(GardenerResources.PROJECTS, "{metadata: {name: nullspec}, spec: null}")
                .put(GardenerResources.PROJECTS, "{metadata: {name: empty}, spec: {}}")
                .put(GardenerResources.PROJECTS, "{metadata: {name: unset}, spec: {namespace: null}}")
                .put(GardenerResources.PROJECTS, "{metadata: {name: dev}, spec: {namespace: garden-dev}}");

        assertThat(owner(objects, "garden-dev")).contains("dev");
        assertThat(owner(objects, "garden-other")).isEmpty();
        assertThat(owner(objects, "")).isEmpty();
    }

    @Test
    void aProjectTheCachedListMissesIsFoundInTheLiveList() {
        InMemoryObjects stored = new InMemoryObjects()
                .put(GardenerResources.PROJECTS, "{metadata: {name: other}, spec: {namespace: garden-other}}")
                .put(GardenerResources.PROJECTS, "{metadata: {name: dev}, spec: {namespace: garden-dev}}");
        ObjectLookup staleCache = new ObjectLookup() {
            @Override
            public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
                return stored.get(resource, namespace, name);
            }

            @Override
            public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
                return Future.succeededFuture(List.of());
            }

            @Override
            public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
                return stored.listLive(resource, namespace);
            }

            @Override
            public boolean ready() {
                return true;
            }
        };

        Project found = Projects.forNamespace(staleCache, "garden-dev").result().orElseThrow();

        assertThat(found.metadata().name()).isEqualTo("dev");
        assertThat(Projects.forNamespace(staleCache, "garden-none").result()).isEmpty();
    }
}
