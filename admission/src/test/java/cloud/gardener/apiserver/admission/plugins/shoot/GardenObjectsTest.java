package cloud.gardener.apiserver.admission.plugins.shoot;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GardenObjectsTest {

    private static String project(String name, String namespaceField) {
        return """
                apiVersion: core.gardener.cloud/v1beta1
                kind: Project
                metadata:
                  name: %s
                spec:
                  owner:
                    kind: User
                    name: alice
                %s
                """.formatted(name, namespaceField);
    }

    private final GardenObjects garden = new GardenObjects(new InMemoryObjects()
            .put(GardenObjects.PROJECTS, project("alpha", "  namespace: garden-alpha"))
            .put(GardenObjects.PROJECTS, project("no-namespace-yet", ""))
            .put(GardenObjects.PROJECTS, project("beta", "  namespace: garden-beta")));

    @Test
    void projectForNamespaceDecodesTheProjectWhoseSpecNamesTheNamespace() {
        Optional<Project> found = garden.projectForNamespace("garden-beta").result();

        assertThat(found).isPresent();
        assertThat(found.get().metadata().name()).isEqualTo("beta");
        assertThat(found.get().spec().namespace()).isEqualTo("garden-beta");
        assertThat(found.get().spec().owner().name()).isEqualTo("alice");
    }

    @Test
    void projectForNamespaceIsEmptyWhenNoProjectOwnsTheNamespace() {
        assertThat(garden.projectForNamespace("garden-gamma").result()).isEmpty();
        assertThat(garden.projectForNamespace("").result()).isEmpty();
    }
}
