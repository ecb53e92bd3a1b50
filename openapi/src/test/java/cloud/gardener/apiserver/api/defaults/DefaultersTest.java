package cloud.gardener.apiserver.api.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.core.JsonSubset;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DefaultersTest {

    @Test
    void everyKindWithGardenerDefaultsHasADefaulter() {
        for (String kind : List.of(
                "Shoot",
                "Seed",
                "CloudProfile",
                "NamespacedCloudProfile",
                "Project",
                "SecretBinding",
                "ControllerRegistration")) {
            assertThat(Defaulters.of(new GroupVersionKind(StandardResources.CORE, "v1beta1", kind)))
                    .as(kind)
                    .isPresent();
        }
        for (String kind : List.of("ManagedSeed", "ManagedSeedSet", "Gardenlet")) {
            assertThat(Defaulters.of(new GroupVersionKind(StandardResources.SEEDMANAGEMENT, "v1alpha1", kind)))
                    .as(kind)
                    .isPresent();
        }
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.SECURITY, "v1alpha1", "CredentialsBinding")))
                .isPresent();
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.OPERATOR, "v1alpha1", "Garden")))
                .isPresent();
        assertThat(Defaulters.of(StandardResources.TOKEN_REQUEST)).isPresent();
        assertThat(Defaulters.of(StandardResources.ADMIN_KUBECONFIG_REQUEST)).isPresent();
        assertThat(Defaulters.of(StandardResources.VIEWER_KUBECONFIG_REQUEST)).isPresent();
    }

    @Test
    void kindsWithoutGardenerDefaultsHaveNone() {
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.CORE, "v1", "ControllerDeployment")))
                .isEmpty();
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.CORE, "v1beta1", "Quota")))
                .isEmpty();
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.OPERATIONS, "v1alpha1", "Bastion")))
                .isEmpty();
        // Only the served version of a kind is registered.
        assertThat(Defaulters.of(new GroupVersionKind(StandardResources.CORE, "v1", "Shoot")))
                .isEmpty();
    }

    /** Every object document of the shared Gardener examples whose kind has defaults, as "file#index". */
    static Stream<String> examples() throws IOException {
        Path dir = GardenerExamples.DIR;
        if (!Files.isDirectory(dir)) {
            return Stream.of("<no examples>");
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                String relative = dir.relativize(file).toString();
                List<ObjectNode> docs = documents(file);
                for (int i = 0; i < docs.size(); i++) {
                    if (Defaulters.of(DefaultingTable.gvkOf(docs.get(i).toString()))
                            .isPresent()) {
                        names.add(relative + "#" + i);
                    }
                }
            }
        }
        return names.stream();
    }

    /**
     * The object documents of an example. 55-gardenlet.yaml is a template whose configuration ends in a
     * placeholder line ({@code <See ...>}) that is not YAML; it is dropped, as the server conformance test does.
     */
    private static List<ObjectNode> documents(Path file) throws IOException {
        String text = Files.readAllLines(file).stream()
                .filter(line -> !line.trim().startsWith("<See "))
                .collect(Collectors.joining("\n"));
        List<ObjectNode> docs = new ArrayList<>();
        try (MappingIterator<JsonNode> it = Json.YAML.readerFor(JsonNode.class).readValues(text)) {
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && doc.isObject() && !doc.isEmpty()) {
                    docs.add((ObjectNode) doc);
                }
            }
        }
        return docs;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void defaultingAnExampleTwiceGivesWhatOnceGives(String example) throws IOException {
        Assumptions.assumeFalse(example.equals("<no examples>"), "no Gardener examples");
        String[] parts = example.split("#", -1);
        ObjectNode manifest = documents(GardenerExamples.DIR.resolve(parts[0])).get(Integer.parseInt(parts[1]));
        GroupVersionKind gvk = DefaultingTable.gvkOf(manifest.toString());
        Defaulter defaulter = Defaulters.of(gvk).get();

        ObjectNode once = DefaultingTable.served(gvk, defaulter, manifest);
        ObjectNode twice = DefaultingTable.served(gvk, defaulter, once);

        assertThat(twice).as("%s defaulted twice", example).isEqualTo(once);
        // Defaults only add: every value of the manifest survives. A null there means "not set", which
        // defaulting may fill (90-shoot.yaml's "kubernetes:" is a struct whose fields all get defaults).
        List<String> lost = JsonSubset.missing(withoutNulls(manifest), once);
        assertThat(lost).as("fields of %s lost by defaulting", example).isEmpty();
    }

    private static JsonNode withoutNulls(JsonNode node) {
        JsonNode copy = node.deepCopy();
        removeNulls(copy);
        return copy;
    }

    private static void removeNulls(JsonNode node) {
        if (node.isObject()) {
            ((ObjectNode) node).properties().removeIf(e -> e.getValue().isNull());
        }
        node.forEach(DefaultersTest::removeNulls);
    }
}
