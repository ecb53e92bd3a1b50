package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.k8s.corev1.ConfigMap;
import cloud.gardener.apiserver.api.model.FormChanges;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ModelFormsTest {

    private static ObjectNode tree(String json) {
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }

    private static final String CONFIG_MAP = """
            {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "settings", "namespace": "dev"},
             "data": {"purpose": "evaluation"}}""";

    @Test
    void aTreeIdenticalToAKnownCanonicalOneIsLeftAsItIsAndTakesTheKnownRecord() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        ObjectNode canonical = ModelCodec.encode(record);
        forms.remember(canonical, record);
        ObjectNode obj = canonical.deepCopy();
        JsonNode metadata = obj.get("metadata");

        assertThat(forms.canonicalize(obj, ConfigMap.class)).isSameAs(record);
        assertThat(obj.get("metadata")).isSameAs(metadata);
        assertThat(obj).hasToString(canonical.toString());
    }

    @Test
    void aTreeOfTheSameContentInAnotherFieldOrderTakesTheCanonicalOrder() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        ObjectNode canonical = ModelCodec.encode(record);
        forms.remember(canonical, record);
        ObjectNode reordered = tree("""
                {"data": {"purpose": "evaluation"}, "kind": "ConfigMap",
                 "metadata": {"namespace": "dev", "name": "settings"}, "apiVersion": "v1"}""");
        assertThat(reordered).isEqualTo(canonical).doesNotHaveToString(canonical.toString());

        assertThat(forms.canonicalize(reordered, ConfigMap.class)).isSameAs(record);
        assertThat(reordered).hasToString(canonical.toString());
    }

    @Test
    void aTreeOfOtherContentIsDecodedAfresh() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        ObjectNode changed = tree(CONFIG_MAP.replace("evaluation", "production"));

        ConfigMap decoded = forms.canonicalize(changed, ConfigMap.class);

        assertThat(decoded).isNotSameAs(record);
        assertThat(changed.at("/data/purpose").asText()).isEqualTo("production");
    }

    @Test
    void aTreeChangedOnlyInItsMetadataConvertsThatPartAloneToWhatAWholeConversionGives() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        ObjectNode changed = tree(CONFIG_MAP);
        JsonNode data = changed.get("data");
        // as the store sets the server's fields: at the end of the metadata, not in the canonical order
        changed.withObjectProperty("metadata")
                .put("uid", "u-1")
                .put("generation", 1)
                .put("name", "other");
        ObjectNode whole = ModelCodec.canonical(changed, ConfigMap.class);

        FormChanges.Tally tally = FormChanges.start();
        ConfigMap decoded;
        try {
            decoded = forms.canonicalize(changed, ConfigMap.class);
        } finally {
            FormChanges.stop();
        }

        assertThat(tally.of(FormChanges.Change.PART_TREE_TO_RECORD)).isOne();
        assertThat(tally.of(FormChanges.Change.PART_RECORD_TO_TREE)).isOne();
        assertThat(tally.of(FormChanges.Change.TREE_TO_RECORD)).isZero();
        assertThat(tally.of(FormChanges.Change.RECORD_TO_TREE)).isZero();
        assertThat(changed).hasToString(whole.toString());
        assertThat(changed.get("data"))
                .as("an unchanged member stays as it was")
                .isSameAs(data);
        assertThat(decoded.data()).isSameAs(record.data());
        assertThat(decoded.metadata())
                .isEqualTo(ModelCodec.decode(whole, ConfigMap.class).value().metadata());
        // and it is known from now on
        assertThat(forms.canonicalize(changed.deepCopy(), ConfigMap.class)).isSameAs(decoded);
    }

    @Test
    void aChangedPartKeepsTheTreesOwnSectionsWhereTheyAreCanonicalAndSharesNoneWithWhatIsKnown() {
        String labelled = CONFIG_MAP.replace(
                "\"namespace\": \"dev\"}",
                "\"namespace\": \"dev\", \"labels\": {\"a\": \"1\", \"b\": \"2\"},"
                        + " \"annotations\": {\"x\": \"1\", \"y\": \"2\"}}");
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(labelled), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        // the labels as the canonical form has them, the annotations in another order, and a uid set by the store
        ObjectNode changed = tree(labelled.replace("{\"x\": \"1\", \"y\": \"2\"}", "{\"y\": \"2\", \"x\": \"1\"}"));
        changed.withObjectProperty("metadata").put("uid", "u-1");
        JsonNode labels = changed.at("/metadata/labels");
        JsonNode annotations = changed.at("/metadata/annotations");
        ObjectNode whole = ModelCodec.canonical(changed.deepCopy(), ConfigMap.class);

        ConfigMap decoded = forms.canonicalize(changed, ConfigMap.class);

        assertThat(changed).hasToString(whole.toString());
        assertThat(changed.at("/metadata/labels")).as("canonical as it was").isSameAs(labels);
        assertThat(changed.at("/metadata/annotations")).isNotSameAs(annotations);
        // the tree is the request's own: editing it leaves what is known as it was
        ObjectNode canonical = changed.deepCopy();
        changed.withObjectProperty("metadata").withObjectProperty("labels").put("a", "9");
        changed.withObjectProperty("metadata").withObjectProperty("annotations").put("x", "9");
        ObjectNode again = canonical.deepCopy();
        assertThat(forms.canonicalize(again, ConfigMap.class)).isSameAs(decoded);
        assertThat(again).hasToString(canonical.toString());
    }

    @Test
    void sectionsTheTreeWroteInCanonicalFormStayItsOwnAndOnlyThePathsToADifferenceAreNew() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        // as a mutating plugin writes: labels the known tree lacks, in canonical (sorted) order; annotations out of
        // it; and a uid the store puts last
        ObjectNode changed = tree(CONFIG_MAP);
        ObjectNode metadata = changed.withObjectProperty("metadata");
        metadata.putObject("labels").put("a", "1").put("b", "2");
        metadata.putObject("annotations").put("y", "2").put("x", "1");
        metadata.put("uid", "u-1");
        JsonNode labels = metadata.get("labels");
        JsonNode annotations = metadata.get("annotations");
        JsonNode name = metadata.get("name");
        ObjectNode whole = ModelCodec.canonical(changed.deepCopy(), ConfigMap.class);

        ConfigMap decoded = forms.canonicalize(changed, ConfigMap.class);

        assertThat(changed).hasToString(whole.toString());
        assertThat(changed.at("/metadata/labels"))
                .as("new, but canonical as written")
                .isSameAs(labels);
        assertThat(changed.at("/metadata/annotations")).as("reordered").isNotSameAs(annotations);
        assertThat(changed.at("/metadata/name")).isSameAs(name);
        assertThat(changed.get("metadata")).as("its members moved").isNotSameAs(metadata);
        assertThat(decoded.metadata())
                .isEqualTo(ModelCodec.decode(whole, ConfigMap.class).value().metadata());
        // the tree shares nothing mutable with what is known: editing it leaves the known form as it was
        ObjectNode canonical = changed.deepCopy();
        ((ObjectNode) changed.at("/metadata/labels")).put("a", "9");
        ObjectNode again = canonical.deepCopy();
        assertThat(forms.canonicalize(again, ConfigMap.class)).isSameAs(decoded);
        assertThat(again).hasToString(canonical.toString());
    }

    @Test
    void aPartTheTreeHasExactlyInCanonicalFormIsKeptWhole() {
        String labelled =
                CONFIG_MAP.replace("\"namespace\": \"dev\"}", "\"namespace\": \"dev\", \"labels\": {\"a\": \"1\"}}");
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        ObjectNode changed = tree(labelled);
        JsonNode metadata = changed.get("metadata");

        forms.canonicalize(changed, ConfigMap.class);

        assertThat(changed.get("metadata")).isSameAs(metadata);
        assertThat(changed)
                .hasToString(
                        ModelCodec.canonical(tree(labelled), ConfigMap.class).toString());
    }

    @Test
    void aTreeChangedBesideItsMetadataIsDecodedWhole() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        ObjectNode changed = tree(CONFIG_MAP.replace("evaluation", "production"));
        changed.withObjectProperty("metadata").put("uid", "u-1");

        FormChanges.Tally tally = FormChanges.start();
        try {
            forms.canonicalize(changed, ConfigMap.class);
        } finally {
            FormChanges.stop();
        }

        assertThat(tally.of(FormChanges.Change.TREE_TO_RECORD)).isOne();
        assertThat(tally.of(FormChanges.Change.PART_TREE_TO_RECORD)).isZero();
    }

    @Test
    void anEditedTreeIsDecodedAgainstTheLastKnownOneAndAnUnchangedOneTakesItsRecord() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);

        assertThat(forms.editedRecord(tree(CONFIG_MAP), ConfigMap.class)).isSameAs(record);

        ObjectNode edited = tree(CONFIG_MAP.replace("evaluation", "production"));
        ConfigMap decoded = forms.editedRecord(edited, ConfigMap.class);
        assertThat(decoded).isEqualTo(ModelCodec.decode(edited, ConfigMap.class).value());
        assertThat(decoded.metadata()).isSameAs(record.metadata());
        // the edit is known now: the tree's record is found, not decoded again
        assertThat(forms.record(edited, ConfigMap.class)).isSameAs(decoded);
        assertThat(forms.editedRecord(edited.deepCopy(), ConfigMap.class)).isSameAs(decoded);
    }

    @Test
    void anEditedTreeIsConvertedWithTheMembersAnEditsMemoryDecodedTakenFromItAndTheRestAsKnown() {
        ModelForms forms = new ModelForms();
        ConfigMap record = ModelCodec.decode(tree(CONFIG_MAP), ConfigMap.class).value();
        forms.remember(ModelCodec.encode(record), record);
        // the plugins' memory decoded their edit: labels (not in canonical order) and another datum
        ModelForms edits = forms.copy();
        ObjectNode edited = tree(CONFIG_MAP
                .replace("evaluation", "production")
                .replace(
                        "\"name\": \"settings\",",
                        "\"labels\": {\"b\": \"2\", \"a\": \"1\"}, \"name\": \"settings\","));
        ConfigMap admitted = edits.editedRecord(edited, ConfigMap.class);
        ObjectNode obj = edited.deepCopy();
        ObjectNode whole = ModelCodec.canonical(edited, ConfigMap.class);

        ConfigMap converted = forms.canonicalizeEdited(obj, ConfigMap.class, edits);

        assertThat(obj).hasToString(whole.toString());
        assertThat(converted)
                .isEqualTo(ModelCodec.decode(whole, ConfigMap.class).value());
        assertThat(converted.metadata())
                .as("the metadata the edits' memory decoded is its record's, not decoded again")
                .isSameAs(admitted.metadata())
                .isNotEqualTo(record.metadata());
        assertThat(converted.typeMeta()).isSameAs(record.typeMeta());
        // the canonical form is known from now on
        assertThat(forms.canonicalize(obj.deepCopy(), ConfigMap.class)).isSameAs(converted);
    }
}
