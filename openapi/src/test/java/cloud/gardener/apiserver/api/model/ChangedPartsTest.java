package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ModelCodec#decodeChangedParts} and {@link ModelCodec#encodeChangedParts} give what {@link
 * ModelCodec#decodeParts} and {@link ModelCodec#encodeParts} give, the encoding byte for byte, for the edits admission
 * plugins make ({@link DecodeChangedTest#edits}) and the store's metadata step.
 */
class ChangedPartsTest {

    private static final List<String> PARTS = List.of("metadata", "spec", "status");

    /** A Shoot's canonical tree (the encoding of its record), as ModelForms knows one. */
    private static ObjectNode canonicalShoot() throws Exception {
        try (InputStream in = ChangedPartsTest.class.getResourceAsStream(
                "/cloud/gardener/apiserver/api/core/v1beta1/shoot-all-fields.yaml")) {
            return ModelCodec.canonical(Json.YAML.readTree(in), Shoot.class);
        }
    }

    static List<DecodeChangedTest.Edit> edits() {
        List<DecodeChangedTest.Edit> edits = new java.util.ArrayList<>(DecodeChangedTest.edits());
        edits.add(new DecodeChangedTest.Edit(
                "the store's metadata",
                t -> ((ObjectNode) t.get("metadata"))
                        .put("uid", "0b9c8e4e-2f43-4a4c-9a43-0fd3a1c7f7a1")
                        .put("creationTimestamp", "2026-11-28T13:00:00Z")
                        .put("generation", 1)));
        edits.add(new DecodeChangedTest.Edit(
                "an annotation removed", t -> ((ObjectNode) t.get("metadata")).remove("annotations")));
        return edits;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edits")
    void theChangedPartsDecodeAndEncodeAsThePartsWhole(DecodeChangedTest.Edit edit) throws Exception {
        ObjectNode known = canonicalShoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        String knownJson = Json.MAPPER.writeValueAsString(known);
        ObjectNode edited = known.deepCopy();
        edit.change().accept(edited);

        Shoot changed = ModelCodec.decodeChangedParts(edited, known, knownRecord, PARTS);
        Shoot whole = ModelCodec.decodeParts(edited, knownRecord, PARTS);
        assertThat(changed).isEqualTo(whole);

        ObjectNode encoded = ModelCodec.encodeChangedParts(changed, knownRecord, known, PARTS);
        assertThat(Json.MAPPER.writeValueAsString(encoded))
                .isEqualTo(Json.MAPPER.writeValueAsString(ModelCodec.encodeParts(whole, PARTS)));
        // the known tree is shared, never changed
        assertThat(Json.MAPPER.writeValueAsString(known)).isEqualTo(knownJson);
    }

    @Test
    void anUnchangedSectionOfAChangedPartIsTheKnownTreesOwn() throws Exception {
        ObjectNode known = canonicalShoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        ((ObjectNode) edited.get("spec")).put("region", "europe-west-1");

        Shoot changed = ModelCodec.decodeChangedParts(edited, known, knownRecord, List.of("spec"));
        ObjectNode encoded = ModelCodec.encodeChangedParts(changed, knownRecord, known, List.of("spec"));

        assertThat(changed.spec().region()).isEqualTo("europe-west-1");
        assertThat(changed.spec().provider()).isSameAs(knownRecord.spec().provider());
        assertThat(encoded.at("/spec/provider")).isSameAs(known.at("/spec/provider"));
        assertThat(encoded.at("/spec/region").asText()).isEqualTo("europe-west-1");
    }

    @Test
    void aChangedRawValueIsTheRecordsOwnNodeInTheEncodingAndACopyInAWholeEncoding() throws Exception {
        ObjectNode known = canonicalShoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        ((ObjectNode) edited.at("/spec/provider"))
                .putObject("infrastructureConfig")
                .put("apiVersion", "x/v1");
        Shoot changed = ModelCodec.decodeChangedParts(edited, known, knownRecord, PARTS);
        com.fasterxml.jackson.databind.JsonNode config =
                changed.spec().provider().infrastructureConfig();

        ObjectNode encoded = ModelCodec.encodeChangedParts(changed, knownRecord, known, PARTS);

        assertThat(encoded.at("/spec/provider/infrastructureConfig")).isSameAs(config);
        assertThat(ModelCodec.encode(changed).at("/spec/provider/infrastructureConfig"))
                .as("an encoding the caller may change")
                .isEqualTo(config)
                .isNotSameAs(config);
        assertThat(ModelCodec.encodeParts(changed, PARTS).at("/spec/provider/infrastructureConfig"))
                .isNotSameAs(config);
    }

    @Test
    void aChangedPartThatDoesNotDecodeFailsAsTheWholePart() throws Exception {
        ObjectNode known = canonicalShoot();
        Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
        ObjectNode edited = known.deepCopy();
        ((ObjectNode) edited.at("/spec/provider/workers/0")).put("maximum", "three");

        assertThatThrownBy(() -> ModelCodec.decodeParts(edited, knownRecord, PARTS))
                .isInstanceOf(DecodeException.class)
                .satisfies(wholeFailure -> assertThatThrownBy(
                                () -> ModelCodec.decodeChangedParts(edited, known, knownRecord, PARTS))
                        .isInstanceOf(DecodeException.class)
                        .hasMessage(wholeFailure.getMessage()));
    }
}
