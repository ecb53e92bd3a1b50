package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The changed-parts walks ({@link ModelCodec#decodeChanged}, and {@link ModelForms#canonicalizeEdited} built on them)
 * decide what changed by walking the edited tree beside the known one: a change they miss keeps a stale known value.
 * Pinned against converting the whole edited object, over every Shoot of the examples and conformance samples, each
 * edited at every place it has in turn (each value changed, each member removed, each object given a member, each list
 * item dropped), so that a change anywhere in a Shoot the walk does not see fails here.
 */
class CanonicalizeEditedShootsTest {

    /** One edit of a sample: where, and what it does to a copy of the tree. */
    private record Edit(String where, Consumer<ObjectNode> change) {}

    @Test
    @SuppressWarnings("ReferenceEquality") // the known record is that very record: an edit seen rebuilds it
    void anEditAnywhereInAShootConvertsAsTheWholeEditedShoot() throws Exception {
        int samples = 0;
        int edits = 0;
        int rebuilt = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            if (!sample.path("kind").asText().equals("Shoot")
                    || !sample.path("apiVersion").asText().equals("core.gardener.cloud/v1beta1")) {
                continue;
            }
            samples++;
            ObjectNode known = sample.deepCopy();
            ModelForms forms = new ModelForms();
            // the memory's record is the sample's (a value struct it leaves out stays null); the walk's, the tree's
            forms.canonicalize(known, Shoot.class);
            Shoot knownRecord = ModelCodec.decode(known, Shoot.class).value();
            List<Edit> all = new ArrayList<>();
            editsAt(known, "", all);
            for (Edit edit : all) {
                ObjectNode edited = known.deepCopy();
                edit.change().accept(edited);
                Shoot whole;
                try {
                    whole = ModelCodec.decode(edited, Shoot.class).value();
                } catch (DecodeException e) {
                    continue; // an edit of a type the field does not take: the walks' failures are pinned elsewhere
                }
                edits++;
                Shoot changed = ModelCodec.decodeChanged(edited, known, knownRecord);
                assertThat(changed).as("%s", edit.where()).isEqualTo(whole);
                if (changed != knownRecord) {
                    rebuilt++;
                }

                // the canonical form after an edit of a known canonical tree (a kind's defaulting, say)
                ModelForms memory = forms.copy();
                ObjectNode obj = edited.deepCopy();
                Shoot record = memory.canonicalizeEdited(obj, Shoot.class);
                ObjectNode canonical = ModelCodec.encode(whole);
                assertThat(obj).as("%s", edit.where()).hasToString(canonical.toString());
                assertThat(Json.toBytes(ModelCodec.encode(record)))
                        .as("%s", edit.where())
                        .isEqualTo(Json.toBytes(canonical));
            }
        }
        assertThat(samples).isGreaterThan(3);
        assertThat(edits).isGreaterThan(samples * 50);
        // most edits change the record (not those of a member no field reads, nor a zero removed or changed to its
        // like)
        assertThat(rebuilt).isGreaterThan(edits * 4 / 5);
    }

    /** Every edit at or below {@code node} (at {@code pointer} in the tree). */
    private static void editsAt(JsonNode node, String pointer, List<Edit> into) {
        if (node instanceof ObjectNode object) {
            if (!pointer.isEmpty()) {
                into.add(new Edit(pointer + " +member", t -> ((ObjectNode) t.at(pointer)).put("zz-added", "x")));
            }
            for (String name : names(object)) {
                String at = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
                if (!pointer.isEmpty() || !List.of("apiVersion", "kind").contains(name)) {
                    into.add(new Edit(at + " removed", t -> ((ObjectNode) t.at(pointer)).remove(name)));
                }
                editsAt(object.get(name), at, into);
            }
            return;
        }
        if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                int index = i;
                into.add(new Edit(pointer + "/" + i + " dropped", t -> ((ArrayNode) t.at(pointer)).remove(index)));
                editsAt(array.get(i), pointer + "/" + i, into);
            }
            return;
        }
        String parent = pointer.substring(0, pointer.lastIndexOf('/'));
        String last = pointer.substring(pointer.lastIndexOf('/') + 1);
        into.add(new Edit(pointer + " changed", t -> set(t.at(parent), last, changed(node))));
    }

    /** Another value of the same JSON type. */
    private static JsonNode changed(JsonNode value) {
        if (value.isTextual()) {
            String text = value.textValue();
            // a time, a quantity or a duration keeps its form with a digit changed; any other text gains a letter
            return Json.MAPPER
                    .getNodeFactory()
                    .textNode(
                            text.matches(".*\\d.*")
                                    ? text.replaceFirst(
                                            "\\d",
                                            text.replaceFirst("\\D*(\\d).*", "$1")
                                                            .equals("1")
                                                    ? "2"
                                                    : "1")
                                    : text + "x");
        }
        if (value.isBoolean()) {
            return Json.MAPPER.getNodeFactory().booleanNode(!value.booleanValue());
        }
        if (value.isIntegralNumber()) {
            return Json.MAPPER.getNodeFactory().numberNode(value.longValue() + 1);
        }
        if (value.isNumber()) {
            return Json.MAPPER.getNodeFactory().numberNode(value.doubleValue() / 2);
        }
        return Json.MAPPER.getNodeFactory().textNode("x"); // a null: a value (of a type the field may refuse)
    }

    private static void set(JsonNode parent, String last, JsonNode value) {
        if (parent instanceof ArrayNode array) {
            array.set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) parent).set(last.replace("~1", "/").replace("~0", "~"), value);
        }
    }

    private static List<String> names(ObjectNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
