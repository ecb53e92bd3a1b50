package cloud.gardener.apiserver.admission.plugins.garden;

import static cloud.gardener.apiserver.admission.plugins.garden.GardenPlugin.GARDENS;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GardenPluginTest {

    private static final GroupVersionKind GARDEN =
            new GroupVersionKind("operator.gardener.cloud", "v1alpha1", "Garden");

    private static ObjectNode garden(String name, String metadataExtra) {
        return Requests.object("apiVersion: operator.gardener.cloud/v1alpha1\nkind: Garden\nmetadata:\n  name: " + name
                + "\n" + metadataExtra + "spec: {}\n");
    }

    private static GardenPlugin plugin(InMemoryObjects objects) {
        return new GardenPlugin(new PluginContext(objects, null, null, Clock.systemUTC()));
    }

    private static ApiException rejection(Future<Void> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        return (ApiException) result.cause();
    }

    @Test
    void firstGardenIsAdmitted() {
        assertThat(plugin(new InMemoryObjects())
                        .validate(Requests.create(GARDEN, GARDENS, garden("local", "")))
                        .succeeded())
                .isTrue();
    }

    @Test
    void secondGardenIsABadRequest() {
        InMemoryObjects objects = new InMemoryObjects().put(GARDENS, garden("local", ""));
        ApiException e = rejection(plugin(objects).validate(Requests.create(GARDEN, GARDENS, garden("other", ""))));
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.reason()).isEqualTo("BadRequest");
        assertThat(e.status().message())
                .isEqualTo(
                        "there can be only one operator.gardener.cloud/v1alpha1.Garden resource in the system at a time");
    }

    @Test
    void notReadyBeforeTheCachesAreFilled() {
        ApiException e = rejection(plugin(new InMemoryObjects().notReady())
                .validate(Requests.create(GARDEN, GARDENS, garden("local", ""))));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.status().message()).endsWith("not yet ready to handle request");
    }

    static Stream<Arguments> finalizers() {
        return Stream.of(
                Arguments.of("gardener.cloud/operator", false),
                Arguments.of("gardener.cloud/reference-protection", false),
                Arguments.of("example.com/mine", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("finalizers")
    void operatorFinalizersAreRefusedOnCreation(String finalizer, boolean allowed) {
        Future<Void> result = plugin(new InMemoryObjects())
                .validate(Requests.create(GARDEN, GARDENS, garden("local", "  finalizers:\n  - " + finalizer + "\n")));
        if (allowed) {
            assertThat(result.succeeded()).isTrue();
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(400);
        assertThat(e.status().message()).isEqualTo("finalizer \"" + finalizer + "\" cannot be added on creation");
    }

    static Stream<Arguments> confirmations() {
        return Stream.of(
                Arguments.of("no annotations", "", false),
                Arguments.of("other annotation", "  annotations:\n    other: 'true'\n", false),
                confirmation("false", false),
                confirmation("yes", false),
                confirmation("true", true),
                confirmation("True", true),
                confirmation("1", true));
    }

    private static Arguments confirmation(String value, boolean allowed) {
        return Arguments.of(
                "confirmation " + value,
                "  annotations:\n    confirmation.gardener.cloud/deletion: '" + value + "'\n",
                allowed);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("confirmations")
    void deletionMustBeConfirmed(String name, String metadata, boolean allowed) {
        Future<Void> result =
                plugin(new InMemoryObjects()).validate(Requests.delete(GARDEN, GARDENS, garden("local", metadata)));
        if (allowed) {
            assertThat(result.succeeded()).isTrue();
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.reason()).isEqualTo("Forbidden");
        assertThat(e.status().message())
                .isEqualTo("gardens.operator.gardener.cloud \"local\" is forbidden: must have "
                        + "a \"confirmation.gardener.cloud/deletion\" annotation to delete");
    }

    @Test
    void collectionDeleteIsJudgedPerGarden() {
        Attributes collection = Requests.of(GARDEN, GARDENS, "", Operation.DELETE, null, null, Requests.ALICE);
        assertThat(plugin(new InMemoryObjects()).validate(collection).succeeded())
                .isTrue();
    }

    @Test
    void otherResourcesAndSubresourcesAreLeftAlone() {
        InMemoryObjects objects = new InMemoryObjects().put(GARDENS, garden("local", ""));
        GardenPlugin plugin = plugin(objects);
        GroupResource shoots = new GroupResource("core.gardener.cloud", "shoots");
        assertThat(plugin.validate(Requests.create(GARDEN, shoots, garden("other", "")))
                        .succeeded())
                .isTrue();
        assertThat(plugin.validate(Requests.of(
                                GARDEN, GARDENS, "status", Operation.CREATE, garden("other", ""), null, Requests.ALICE))
                        .succeeded())
                .isTrue();
        assertThat(plugin.handles(Operation.CONNECT)).isFalse();
    }

    private static ObjectNode withExtensions(ObjectNode garden, String... types) {
        var list = ((ObjectNode) garden.get("spec")).putArray("extensions");
        for (String type : types) {
            list.addObject().put("type", type);
        }
        return garden;
    }

    private static ObjectNode extension(String name, String resources) {
        return Requests.object("apiVersion: operator.gardener.cloud/v1alpha1\nkind: Extension\nmetadata: {name: " + name
                + "}\nspec: {resources: " + resources + "}\n");
    }

    @Test
    void extensionTypesMustBeRegisteredForTheGardenCluster() {
        InMemoryObjects objects = new InMemoryObjects()
                .put(
                        GardenPlugin.EXTENSIONS,
                        extension("foobar", "[{kind: Extension, type: foobar, clusterCompatibility: [garden, shoot]}]"))
                .put(
                        GardenPlugin.EXTENSIONS,
                        extension("shoot-only", "[{kind: Extension, type: shoot-only, clusterCompatibility: [shoot]}]"))
                .put(
                        GardenPlugin.EXTENSIONS,
                        extension(
                                "provider-local",
                                "[{kind: ControlPlane, type: local, clusterCompatibility: [garden]}]"));
        assertThat(plugin(objects)
                        .validate(Requests.create(GARDEN, GARDENS, withExtensions(garden("local", ""), "foobar")))
                        .succeeded())
                .isTrue();

        ApiException e = rejection(plugin(objects)
                .validate(Requests.create(
                        GARDEN, GARDENS, withExtensions(garden("local", ""), "foobar", "shoot-only", "local"))));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.status().message())
                .isEqualTo("Garden.operator.gardener.cloud \"local\" is invalid: ["
                        + "spec.extensions[1].type: Unsupported value: \"shoot-only\": supported values: \"foobar\", "
                        + "spec.extensions[2].type: Unsupported value: \"local\": supported values: \"foobar\"]");

        ObjectNode old = withExtensions(garden("local", ""), "foobar");
        assertThat(rejection(plugin(objects)
                                .validate(Requests.update(
                                        GARDEN, GARDENS, withExtensions(garden("local", ""), "unknown"), old)))
                        .code())
                .isEqualTo(422);
    }
}
