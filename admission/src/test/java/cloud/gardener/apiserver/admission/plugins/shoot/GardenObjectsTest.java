package cloud.gardener.apiserver.admission.plugins.shoot;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.plugins.support.Projects;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
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
        Optional<Project> found =
                Projects.forNamespace(garden.lookup(), "garden-beta").result();

        assertThat(found).isPresent();
        assertThat(found.get().metadata().name()).isEqualTo("beta");
        assertThat(found.get().spec().namespace()).isEqualTo("garden-beta");
        assertThat(found.get().spec().owner().name()).isEqualTo("alice");
    }

    @Test
    void projectForNamespaceIsEmptyWhenNoProjectOwnsTheNamespace() {
        assertThat(Projects.forNamespace(garden.lookup(), "garden-gamma").result())
                .isEmpty();
        assertThat(Projects.forNamespace(garden.lookup(), "").result()).isEmpty();
    }

    @Test
    void aProjectIsFoundByItsNamespaceOnceTheNamespaceIsSet() {
        InMemoryObjects objects = new InMemoryObjects()
                .put(GardenObjects.PROJECTS, project("later", ""))
                .put(GardenObjects.PROJECTS, project("other", "  namespace: garden-other"));
        assertThat(Projects.forNamespace(objects, "garden-later").result()).isEmpty();

        objects.put(GardenObjects.PROJECTS, project("later", "  namespace: garden-later"));

        assertThat(Projects.forNamespace(objects, "garden-later").result())
                .hasValueSatisfying(p -> assertThat(p.metadata().name()).isEqualTo("later"));
    }

    @Test
    void ofSeveralProjectsNamingOneNamespaceTheFirstListedIsTheOwner() {
        InMemoryObjects objects = new InMemoryObjects()
                .put(GardenObjects.PROJECTS, project("zeta", "  namespace: garden-shared"))
                .put(GardenObjects.PROJECTS, project("eta", "  namespace: garden-shared"));

        assertThat(Projects.forNamespace(objects, "garden-shared").result())
                .hasValueSatisfying(p -> assertThat(p.metadata().name()).isEqualTo("eta"));
    }

    @Test
    void theNamespaceIndexFilesAProjectUnderItsNamespaceOnlyOnceSet() throws Exception {
        JsonNode set = Json.YAML.readTree(project("alpha", "  namespace: garden-alpha"));
        JsonNode unset = Json.YAML.readTree(project("beta", ""));

        assertThat(Projects.NAMESPACE.terms(set)).isEqualTo(Projects.NAMESPACE.queryTerms("garden-alpha"));
        assertThat(Projects.NAMESPACE.terms(unset)).isEmpty();
        assertThat(Projects.NAMESPACE.paths()).containsExactly("spec.namespace");
    }
}
