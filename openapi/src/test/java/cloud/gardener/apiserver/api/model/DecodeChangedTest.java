package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ModelCodec#decodeChanged} gives the record a whole decode gives, for the edits admission plugins make. */
class DecodeChangedTest {

    private static ObjectNode shoot() throws Exception {
        try (InputStream in = DecodeChangedTest.class.getResourceAsStream(
                "/cloud/gardener/apiserver/api/core/v1beta1/shoot-all-fields.yaml")) {
            return (ObjectNode) Json.YAML.readTree(in);
        }
    }

    record Edit(String name, Consumer<ObjectNode> change) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static ObjectNode at(ObjectNode tree, String pointer) {
        return (ObjectNode) tree.at(pointer);
    }

    static List<Edit> edits() {
        return List.of(
                new Edit("nothing", t -> {}),
                new Edit(
                        "a defaulted DNS domain",
                        t -> at(t, "/spec").withObjectProperty("dns").put("domain", "crazy-botany.core.example.com")),
                new Edit(
                        "a worker's kubelet reservation",
                        t -> ((ObjectNode) t.at("/spec/provider/workers/0"))
                                .withObjectProperty("kubernetes")
                                .withObjectProperty("kubelet")
                                .withObjectProperty("kubeReserved")
                                .put("cpu", "80m")
                                .put("memory", "1Gi")),
                new Edit(
                        "a worker appended",
                        t -> ((ArrayNode) t.at("/spec/provider/workers"))
                                .add(t.at("/spec/provider/workers/0").deepCopy())),
                new Edit("a worker removed", t -> ((ArrayNode) t.at("/spec/provider/workers")).remove(0)),
                new Edit(
                        "a worker set to null",
                        t -> ((ArrayNode) t.at("/spec/provider/workers")).set(0, (JsonNode) null)),
                new Edit(
                        "a toleration added",
                        t -> at(t, "/spec")
                                .withArrayProperty("tolerations")
                                .addObject()
                                .put("key", "seed.gardener.cloud/protected")),
                new Edit(
                        "a label added",
                        t -> at(t, "/metadata")
                                .withObjectProperty("labels")
                                .put("extensions.extensions.gardener.cloud/local", "true")),
                new Edit("a section removed", t -> at(t, "/spec").remove("maintenance")),
                new Edit("a section set to null", t -> at(t, "/spec").putNull("kubernetes")),
                new Edit(
                        "a number of another type",
                        t -> ((ObjectNode) t.at("/spec/provider/workers/0")).put("maximum", 7L)),
                new Edit("an unknown field", t -> at(t, "/spec").put("notAField", "x")),
                new Edit("the status dropped", t -> t.remove("status")),
                new Edit(
                        "a raw provider config replaced",
                        t -> at(t, "/spec/provider")
                                .putObject("infrastructureConfig")
                                .put("apiVersion", "x/v1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void anEditedTreeDecodesAsAWholeDecodeOfIt(Edit edit) throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        edit.change().accept(edited);

        Shoot changed = ModelCodec.decodeChanged(edited, known, knownRecord);

        assertThat(changed).isEqualTo(ModelCodec.decode(edited, Shoot.class).value());
        assertThat(ModelCodec.encode(changed))
                .isEqualTo(
                        ModelCodec.encode(ModelCodec.decode(edited, Shoot.class).value()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void anUnchangedPartIsTheKnownRecordsOwn(Edit edit) throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        edit.change().accept(edited);

        Shoot changed = ModelCodec.decodeChanged(edited, known, knownRecord);

        if (edited.path("metadata").equals(known.path("metadata"))) {
            assertThat(changed.metadata()).isSameAs(knownRecord.metadata());
        }
        if (edited.at("/spec/region").equals(known.at("/spec/region"))
                && edited.at("/spec/provider/workers").equals(known.at("/spec/provider/workers"))
                && knownRecord.spec() != null
                && changed.spec() != null
                && changed.spec().provider() != null) {
            assertThat(changed.spec().provider().workers())
                    .isSameAs(knownRecord.spec().provider().workers());
        }
    }

    @Test
    void anUnchangedTreeDecodesToTheKnownRecordItselfAndAnEditRebuildsOnlyTheRecordsOnItsWay() throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();

        assertThat(ModelCodec.decodeChanged(known.deepCopy(), known, knownRecord))
                .isSameAs(knownRecord);
        ObjectNode unknownField = known.deepCopy();
        at(unknownField, "/spec").put("notAField", "x");
        assertThat(ModelCodec.decodeChanged(unknownField, known, knownRecord)).isSameAs(knownRecord);

        ObjectNode labelled = known.deepCopy();
        at(labelled, "/metadata")
                .withObjectProperty("labels")
                .put("extensions.extensions.gardener.cloud/local", "true");
        Shoot withLabel = ModelCodec.decodeChanged(labelled, known, knownRecord);
        assertThat(withLabel)
                .isNotSameAs(knownRecord)
                .isEqualTo(ModelCodec.decode(labelled, Shoot.class).value());
        assertThat(withLabel.spec()).isSameAs(knownRecord.spec());

        ObjectNode reserved = known.deepCopy();
        ((ObjectNode) reserved.at("/spec/provider/workers/0"))
                .withObjectProperty("kubernetes")
                .withObjectProperty("kubelet")
                .withObjectProperty("kubeReserved")
                .put("cpu", "80m");
        Shoot withReservation = ModelCodec.decodeChanged(reserved, known, knownRecord);
        assertThat(withReservation)
                .isEqualTo(ModelCodec.decode(reserved, Shoot.class).value());
        assertThat(withReservation.metadata()).isSameAs(knownRecord.metadata());
        assertThat(withReservation.spec().kubernetes())
                .isSameAs(knownRecord.spec().kubernetes());
        assertThat(withReservation.spec().provider().workers())
                .isNotSameAs(knownRecord.spec().provider().workers());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void theCopyingDecodeGivesTheSameRecordAndACopyOfTheTreeSharingItsUnchangedMembers(Edit edit) throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        edit.change().accept(edited);
        String editedJson = Json.MAPPER.writeValueAsString(edited);
        String knownJson = Json.MAPPER.writeValueAsString(known);

        ModelCodec.Changed<Shoot> changed = ModelCodec.decodeChangedCopying(edited, known, knownRecord);

        assertThat(changed.value()).isEqualTo(ModelCodec.decodeChanged(edited, known, knownRecord));
        // the copy serializes to the tree's bytes (field order and number types included) and is not the tree
        assertThat(Json.MAPPER.writeValueAsString(changed.tree())).isEqualTo(editedJson);
        assertThat(changed.tree()).isNotSameAs(edited);
        assertNoNodeOf(changed.tree(), edited);
        if (edited.path("metadata").equals(known.path("metadata"))) {
            assertThat(changed.tree().get("metadata")).isSameAs(known.get("metadata"));
        }
        if (edited.at("/spec/provider/workers/0").equals(known.at("/spec/provider/workers/0"))) {
            assertThat(changed.tree().at("/spec/provider/workers/0")).isSameAs(known.at("/spec/provider/workers/0"));
        }
        // neither input changed
        assertThat(Json.MAPPER.writeValueAsString(edited)).isEqualTo(editedJson);
        assertThat(Json.MAPPER.writeValueAsString(known)).isEqualTo(knownJson);
    }

    /** An edit and the places it writes, as a mutating plugin names them. */
    record WrittenEdit(String name, Consumer<ObjectNode> change, List<List<String>> written) {
        @Override
        public String toString() {
            return name + " at " + written;
        }
    }

    static List<WrittenEdit> writtenEdits() {
        Consumer<ObjectNode> label = t -> at(t, "/metadata")
                .withObjectProperty("labels")
                .put("extensions.extensions.gardener.cloud/local", "true");
        Consumer<ObjectNode> reservation = t -> ((ObjectNode) t.at("/spec/provider/workers/0"))
                .withObjectProperty("kubernetes")
                .withObjectProperty("kubelet")
                .withObjectProperty("kubeReserved")
                .put("cpu", "80m");
        return List.of(
                new WrittenEdit("nothing", t -> {}, List.of()),
                new WrittenEdit("nothing", t -> {}, List.of(List.of("spec", "dns"))),
                new WrittenEdit("a label added", label, List.of(List.of("metadata", "labels"))),
                new WrittenEdit("a label added", label, List.of(List.of("metadata"))),
                new WrittenEdit("a label added", label, List.of(List.of("metadata", "labels", "x", "y"))),
                new WrittenEdit("a label added", label, List.of(List.of())),
                new WrittenEdit(
                        "the labels made new",
                        t -> at(t, "/metadata").putObject("labels").put("a", "b"),
                        List.of(List.of("metadata", "labels"))),
                new WrittenEdit(
                        "the metadata made new",
                        t -> t.putObject("metadata").putObject("labels").put("a", "b"),
                        List.of(List.of("metadata", "labels"))),
                new WrittenEdit(
                        "a worker's kubelet reservation",
                        reservation,
                        List.of(List.of("spec", "provider", "workers"), List.of("metadata", "annotations"))),
                new WrittenEdit(
                        "a worker's kubelet reservation",
                        reservation,
                        List.of(List.of("spec", "provider", "workers", "0", "kubernetes"))),
                new WrittenEdit(
                        "a defaulted DNS domain",
                        t -> at(t, "/spec").withObjectProperty("dns").put("domain", "crazy-botany.core.example.com"),
                        List.of(List.of("spec", "dns"))),
                new WrittenEdit(
                        "a section removed",
                        t -> at(t, "/spec").remove("maintenance"),
                        List.of(List.of("spec", "maintenance"))),
                new WrittenEdit(
                        "a section set to null",
                        t -> at(t, "/spec").putNull("kubernetes"),
                        List.of(List.of("spec", "kubernetes", "version"))),
                new WrittenEdit("the spec removed", t -> t.remove("spec"), List.of(List.of("spec", "tolerations"))),
                new WrittenEdit(
                        "a raw provider config replaced",
                        t -> at(t, "/spec/provider")
                                .putObject("infrastructureConfig")
                                .put("apiVersion", "x/v1"),
                        List.of(List.of("spec", "provider", "infrastructureConfig", "apiVersion"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writtenEdits")
    void anEditDecodedAtThePlacesItWroteGivesTheWholeDecodeAndACopySharingTheRest(WrittenEdit edit) throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        edit.change().accept(edited);
        String editedJson = Json.MAPPER.writeValueAsString(edited);
        String knownJson = Json.MAPPER.writeValueAsString(known);

        ModelCodec.Changed<Shoot> changed =
                ModelCodec.decodeWrittenCopying(edited, known, knownRecord, ModelCodec.WrittenPaths.of(edit.written()));

        assertThat(changed.value())
                .isEqualTo(ModelCodec.decode(edited, Shoot.class).value());
        assertThat(Json.MAPPER.writeValueAsString(changed.tree())).isEqualTo(editedJson);
        assertNoNodeOf(changed.tree(), edited);
        if (edited.equals(known)) {
            assertThat(changed.value()).isSameAs(knownRecord);
        }
        // what no path reaches is the known one, in the copy and in the record
        boolean specWritten =
                edit.written().stream().anyMatch(p -> p.isEmpty() || p.get(0).equals("spec"));
        if (!specWritten) {
            assertThat(changed.tree().get("spec")).isSameAs(known.get("spec"));
            assertThat(changed.value().spec()).isSameAs(knownRecord.spec());
        }
        if (edit.written().equals(List.of(List.of("metadata", "labels")))
                && edited.at("/metadata/name").isTextual()) {
            assertThat(changed.tree().at("/metadata/name")).isSameAs(known.at("/metadata/name"));
        }
        // neither input changed
        assertThat(Json.MAPPER.writeValueAsString(edited)).isEqualTo(editedJson);
        assertThat(Json.MAPPER.writeValueAsString(known)).isEqualTo(knownJson);
    }

    @org.junit.jupiter.api.Test
    void aRawValueDecodedWholeIsTheCopysOwnNodeInTheRecordAndNoneOfTheTrees() throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        ObjectNode config =
                at(edited, "/spec/provider").putObject("infrastructureConfig").put("apiVersion", "x/v1");
        ObjectNode worker = ((ArrayNode) edited.at("/spec/provider/workers"))
                .addObject()
                .setAll((ObjectNode) edited.at("/spec/provider/workers/0").deepCopy());
        JsonNode appended = worker.putObject("providerConfig").put("apiVersion", "w/v1");

        ModelCodec.Changed<Shoot> changed = ModelCodec.decodeChangedCopying(edited, known, knownRecord);

        JsonNode recordConfig = changed.value().spec().provider().infrastructureConfig();
        assertThat(recordConfig)
                .isEqualTo(config)
                .isNotSameAs(config)
                .isSameAs(changed.tree().at("/spec/provider/infrastructureConfig"));
        JsonNode recordWorkerConfig =
                changed.value().spec().provider().workers().get(1).providerConfig();
        assertThat(recordWorkerConfig)
                .isEqualTo(appended)
                .isNotSameAs(appended)
                .isSameAs(changed.tree().at("/spec/provider/workers/1/providerConfig"));
        // the tree the request goes on editing shares nothing with them
        config.put("apiVersion", "y/v1");
        assertThat(recordConfig.path("apiVersion").asText()).isEqualTo("x/v1");
    }

    /** No container of {@code copy} is one of {@code tree}'s: a later change of the tree leaves the copy as it is. */
    private static void assertNoNodeOf(JsonNode copy, JsonNode tree) {
        if (!tree.isContainerNode()) {
            return;
        }
        assertThat(copy).isNotSameAs(tree);
        if (tree.isObject()) {
            tree.properties().forEach(member -> {
                JsonNode copied = copy.get(member.getKey());
                if (copied != null && copied.getNodeType() == member.getValue().getNodeType()) {
                    assertNoNodeOf(copied, member.getValue());
                }
            });
        } else {
            for (int i = 0; i < tree.size() && i < copy.size(); i++) {
                assertNoNodeOf(copy.get(i), tree.get(i));
            }
        }
    }

    @org.junit.jupiter.api.Test
    void aChangedPartThatDoesNotDecodeFailsAsAWholeDecode() throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        ((ObjectNode) edited.at("/spec/provider/workers/0")).put("maximum", "three");

        failsAsAWholeDecode(edited, known, knownRecord);
    }

    @org.junit.jupiter.api.Test
    void twoChangedMembersThatDoNotDecodeFailAsAWholeDecodeWhateverTheirOrderInTheTree() throws Exception {
        ObjectNode known = shoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        // the walk goes by the tree's members; a whole decode by the record's fields: maximum comes before minimum in
        // the worker's fields, after it here
        ObjectNode worker = (ObjectNode) known.at("/spec/provider/workers/0").deepCopy();
        worker.remove("maximum");
        worker.put("minimum", "one");
        worker.put("maximum", "three");
        ObjectNode edited = known.deepCopy();
        ((ArrayNode) edited.at("/spec/provider/workers")).set(0, worker);
        ((ObjectNode) edited.get("spec")).put("region", 7);

        failsAsAWholeDecode(edited, known, knownRecord);
    }

    /** {@code edited}'s changed-parts decode fails with the very error its whole decode fails with. */
    private static void failsAsAWholeDecode(ObjectNode edited, ObjectNode known, Shoot knownRecord) {
        assertThatThrownBy(() -> ModelCodec.decode(edited, Shoot.class))
                .isInstanceOf(DecodeException.class)
                .satisfies(
                        wholeFailure -> assertThatThrownBy(() -> ModelCodec.decodeChanged(edited, known, knownRecord))
                                .isInstanceOf(DecodeException.class)
                                .hasMessage(wholeFailure.getMessage()));
    }
}
