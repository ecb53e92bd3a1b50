package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.StoredForm;
import cloud.gardener.apiserver.registry.StoredFormSamples;
import cloud.gardener.apiserver.registry.WrittenObject;
import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The stored bytes with the resourceVersion added are what decoding, adding it and encoding again gives. */
class StoredJsonAnswerTest {

    private static final String CONFIG_MAP =
            "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"a\","
                    + "\"namespace\":\"ns\",\"annotations\":{\"x\":\"{\\\"metadata\\\":{}}\"},\"managedFields\":[{\"manager\":"
                    + "\"kubectl\",\"fieldsV1\":{\"f:data\":{}}}]},\"data\":{\"k\":\"v \\u00e9 \\u2028\",\"n\":\"}\"},"
                    + "\"binaryData\":{}}";

    @Test
    void theAnswerIsTheDecodedObjectEncodedAgain() {
        byte[] stored = Json.toBytes(Json.readTree(CONFIG_MAP.getBytes(StandardCharsets.UTF_8)));
        Optional<byte[]> answer = StoredJsonAnswer.of(stored, 42, "ConfigMap", "v1");
        assertThat(answer).isPresent();
        assertThat(text(answer.get())).isEqualTo(text(decodedAnswer(stored, 42)));
        assertThat(Json.readTree(answer.get())
                        .path("metadata")
                        .path("resourceVersion")
                        .asText())
                .isEqualTo("42");
    }

    @Test
    void aCopyAnsweredAgainGetsTheSameAnswerAndAnotherRevisionOrKindItsOwn() {
        byte[] stored = Json.toBytes(Json.readTree(CONFIG_MAP.getBytes(StandardCharsets.UTF_8)));
        byte[] first = StoredJsonAnswer.of(stored, 42, "ConfigMap", "v1").orElseThrow();
        // remembered per copy: the same bytes again (the same answer, not made again), at another revision, as
        // another kind, and an equal copy (an answer of its own)
        assertThat(StoredJsonAnswer.of(stored, 42, "ConfigMap", "v1"))
                .hasValueSatisfying(a -> assertThat(a).isSameAs(first));
        assertThat(StoredJsonAnswer.of(stored, 43, "ConfigMap", "v1"))
                .hasValueSatisfying(a -> assertThat(text(a)).isEqualTo(text(decodedAnswer(stored, 43))));
        assertThat(StoredJsonAnswer.of(stored, 42, "Secret", "v1")).isEmpty();
        assertThat(StoredJsonAnswer.of(stored, 42, "ConfigMap", "v2")).isEmpty();
        assertThat(StoredJsonAnswer.of(stored, 42, "ConfigMap", "v1"))
                .hasValueSatisfying(a -> assertThat(text(a)).isEqualTo(text(first)));
        assertThat(StoredJsonAnswer.of(stored.clone(), 42, "ConfigMap", "v1"))
                .hasValueSatisfying(a -> assertThat(a).isNotSameAs(first).isEqualTo(first));
    }

    @Test
    void emptyMetadataGetsTheFieldWithoutAComma() {
        byte[] stored = "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{},\"spec\":{}}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(text(StoredJsonAnswer.of(stored, 7, "Namespace", "v1").orElseThrow()))
                .isEqualTo("{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"7\"},"
                        + "\"spec\":{}}")
                .isEqualTo(text(decodedAnswer(stored, 7)));
    }

    @Test
    void aWrittenObjectsAnswerHasTheResourceVersionWhereTheObjectHasIt() {
        ObjectNode written = (ObjectNode) Json.readTree(CONFIG_MAP.getBytes(StandardCharsets.UTF_8));
        ObjectNode meta = (ObjectNode) written.get("metadata");
        byte[] stored = Json.toBytes(written);
        // first, after a field in the middle, after the last field (whose value is an array), in empty metadata
        for (String after : new String[] {"", "name", "annotations", "managedFields"}) {
            ObjectNode expected = written.objectNode();
            if (after.isEmpty()) {
                expected.put("resourceVersion", "9");
            }
            meta.properties().forEach(e -> {
                expected.set(e.getKey(), e.getValue());
                if (e.getKey().equals(after)) {
                    expected.put("resourceVersion", "9");
                }
            });
            ObjectNode answer = written.deepCopy().set("metadata", expected);
            assertThat(StoredJsonAnswer.after(answer)).isEqualTo(after);
            assertThat(text(StoredJsonAnswer.of(stored, 9, "ConfigMap", "v1", after)
                            .orElseThrow()))
                    .as("after %s", after)
                    .isEqualTo(text(Json.toBytes(answer)));
        }
        byte[] empty =
                "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{}}".getBytes(StandardCharsets.UTF_8);
        assertThat(text(StoredJsonAnswer.of(empty, 7, "Namespace", "v1", "").orElseThrow()))
                .isEqualTo("{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"7\"}}");
        // a field the stored metadata lacks, or an object without a resourceVersion: not answered from the bytes
        assertThat(StoredJsonAnswer.of(stored, 9, "ConfigMap", "v1", "uid")).isEmpty();
        assertThat(StoredJsonAnswer.after(written)).isNull();
    }

    @Test
    void otherFormsAreLeftToTheDecodingPath() {
        for (String stored : new String[] {
            // another kind or version, or not first
            CONFIG_MAP.replace("\"ConfigMap\"", "\"Secret\""),
            CONFIG_MAP.replace("\"v1\"", "\"v2\""),
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{}}",
            "{\"metadata\":{},\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\"}",
            // a stored resourceVersion (its place would differ), no metadata, metadata not an object
            "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"a\",\"resourceVersion\":\"3\"}}",
            "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"data\":{}}",
            "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":null}",
            // not JSON, not an object
            "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":",
            "[]",
            ""
        }) {
            assertThat(StoredJsonAnswer.of(stored.getBytes(StandardCharsets.UTF_8), 1, "ConfigMap", "v1"))
                    .as(stored)
                    .isEmpty();
        }
    }

    @Test
    void aWritesAnswerFromItsOwnStoredFormIsTheOneScanningTheBytesGives() throws Exception {
        int fromForm = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            StoredForm form = StoredForm.of(sample);
            // as the store's write leaves the object: no selfLink, the resourceVersion where it was, else last
            ObjectNode written = sample.deepCopy();
            ObjectTrees.meta(written).remove("selfLink");
            ObjectTrees.meta(written).put("resourceVersion", "42");
            StoredObject stored = new StoredObject("/registry/x", form.bytes(), 42, 42);
            String kind = written.path("kind").asText();
            String apiVersion = written.path("apiVersion").asText();
            List<String> places = new ArrayList<>(List.of(""));
            written.path("metadata").fieldNames().forEachRemaining(places::add);
            String after = StoredJsonAnswer.after(written);
            for (String place : places) {
                Optional<String> fast = StoredJsonAnswer.of(
                                new WrittenObject(written, stored, form), place, kind, apiVersion)
                        .map(StoredJsonAnswerTest::text);
                Optional<String> scanned = StoredJsonAnswer.of(
                                new WrittenObject(written, stored), place, kind, apiVersion)
                        .map(StoredJsonAnswerTest::text);
                assertThat(fast).as("after %s in %s", place, written).isEqualTo(scanned);
                // another kind or version is no answer either way
                assertThat(StoredJsonAnswer.of(new WrittenObject(written, stored, form), place, kind, "v0"))
                        .isEmpty();
                if (place.equals(after)) {
                    if (form.resourceVersionAt(after) > 0 && form.beginsWith(kind, apiVersion)) {
                        fromForm++;
                    }
                    if (fast.isPresent()) {
                        assertThat(fast.get()).isEqualTo(text(Json.toBytes(written)));
                    }
                }
            }
        }
        assertThat(fromForm).as("answers made from the stored form").isGreaterThan(100);
    }

    /** What the GET path did before: decode, add the resourceVersion, encode. */
    private static byte[] decodedAnswer(byte[] stored, long revision) {
        ObjectNode obj = (ObjectNode) Json.readTree(stored);
        ((ObjectNode) obj.get("metadata")).put("resourceVersion", Long.toString(revision));
        return Json.toBytes(obj);
    }

    /**
     * For every sample object stored without a resourceVersion the answer (where made from the bytes) is what
     * decoding, adding it and encoding again gives, at a short and a long revision; with a stored resourceVersion the
     * decoding path answers.
     */
    @Test
    void everySampleAnswersAsDecoded() throws Exception {
        int answered = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            ObjectNode object = sample.deepCopy();
            ObjectNode meta = object.get("metadata") instanceof ObjectNode m ? m : null;
            if (meta != null) {
                meta.remove("resourceVersion");
            }
            byte[] stored = Json.toBytes(object);
            String kind = object.path("kind").asText();
            String apiVersion = object.path("apiVersion").asText();
            for (long revision : new long[] {7, 9_876_543_210L}) {
                Optional<byte[]> answer = StoredJsonAnswer.of(stored, revision, kind, apiVersion);
                assertThat(answer.isPresent())
                        .as(kind)
                        .isEqualTo(StoredJsonAnswer.insertion(stored, revision, kind, apiVersion)
                                .isPresent());
                if (answer.isPresent()) {
                    answered++;
                    assertThat(text(answer.get())).as(kind).isEqualTo(text(decodedAnswer(stored, revision)));
                }
            }
            if (meta != null) {
                meta.put("resourceVersion", "3");
                assertThat(StoredJsonAnswer.of(Json.toBytes(object), 7, kind, apiVersion))
                        .as("%s with a stored resourceVersion", kind)
                        .isEmpty();
            }
        }
        assertThat(answered).as("sample answers made from the stored bytes").isGreaterThan(100);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
