package cloud.gardener.apiserver.endpoints.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Strategic merge patch against {@link SmpTypes.Item}: each case is an original, a patch and the expected result
 * (YAML for readability), with the expectations of Go's {@code strategicpatch} (order included).
 */
class StrategicMergePatchTest {

    private static final PatchMeta ITEM = PatchMeta.of(SmpTypes.Item.class);

    record Case(String name, String original, String patch, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Failure(String name, String original, String patch, int code, String reason, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> merges() {
        return Stream.of(
                new Case(
                        "scalars replace, null deletes, new keys are added",
                        "{name: a, value: v, other: o}",
                        "{value: w, other: null, simpleMap: {k: v}}",
                        "{name: a, value: w, simpleMap: {k: v}}"),
                new Case("null for a missing key changes nothing", "{name: a}", "{value: null}", "{name: a}"),
                new Case(
                        "maps merge recursively",
                        "{simpleMap: {a: '1', b: '2'}}",
                        "{simpleMap: {b: '3', c: '4', a: null}}",
                        "{simpleMap: {b: '3', c: '4'}}"),
                new Case(
                        "a new value loses its nulls and directive-carrying objects",
                        "{name: a}",
                        "{itemMap: {x: {name: x, value: null, mergingList: [{name: '1', $patch: delete}, {name: '2'}]},"
                                + " y: {$patch: replace, name: y}}}",
                        "{name: a, itemMap: {x: {name: x, mergingList: [{name: '2'}]}}}"),
                new Case(
                        "merging list: matched items merge, a new one goes before the next server-only item",
                        "{mergingList: [{name: '1', value: a}, {name: '2', value: b}, {name: '3'}]}",
                        "{mergingList: [{name: '2', other: x}, {name: '4', value: d}]}",
                        "{mergingList: [{name: '1', value: a}, {name: '2', value: b, other: x}, {name: '4', value: d},"
                                + " {name: '3'}]}"),
                new Case(
                        "merging list: a new item before all server items",
                        "{mergingList: [{name: '1'}, {name: '2'}]}",
                        "{mergingList: [{name: '3'}]}",
                        "{mergingList: [{name: '3'}, {name: '1'}, {name: '2'}]}"),
                new Case(
                        "merging list: $patch delete removes every item with the key",
                        "{mergingList: [{name: '1'}, {name: '2', value: b}, {name: '3'}, {name: '2'}]}",
                        "{mergingList: [{name: '2', $patch: delete}]}",
                        "{mergingList: [{name: '1'}, {name: '3'}]}"),
                new Case(
                        "merging list: deleting a missing item changes nothing",
                        "{mergingList: [{name: '1'}]}",
                        "{mergingList: [{name: '9', $patch: delete}]}",
                        "{mergingList: [{name: '1'}]}"),
                new Case(
                        "merging list: merge, add and delete in one patch",
                        "{mergingList: [{name: w1, value: '1'}, {name: w2, value: '2'}, {name: w3, value: '3'}]}",
                        "{mergingList: [{name: w1, value: '5'}, {name: w4}, {name: w3, $patch: delete}]}",
                        "{mergingList: [{name: w1, value: '5'}, {name: w4}, {name: w2, value: '2'}]}"),
                new Case(
                        "merging list: $patch replace makes the other items the list",
                        "{mergingList: [{name: '1', value: a}, {name: '2'}]}",
                        "{mergingList: [{$patch: replace}, {name: '3', value: c}]}",
                        "{mergingList: [{name: '3', value: c}]}"),
                new Case(
                        "merging list: a field deleted inside a matched item",
                        "{mergingList: [{name: '1', value: a, other: b}]}",
                        "{mergingList: [{name: '1', other: null}]}",
                        "{mergingList: [{name: '1', value: a}]}"),
                new Case(
                        "merging list nested in a merging list",
                        "{mergingList: [{name: '1', mergingList: [{name: a, value: x}]}]}",
                        "{mergingList: [{name: '1', mergingList: [{name: a, other: y}, {name: b}]}]}",
                        "{mergingList: [{name: '1', mergingList: [{name: a, value: x, other: y}, {name: b}]}]}"),
                new Case(
                        "non-merging list nested in a merging list is replaced",
                        "{mergingList: [{name: '1', nonMergingList: [{name: a}, {name: b}]}]}",
                        "{mergingList: [{name: '1', nonMergingList: [{name: c}]}]}",
                        "{mergingList: [{name: '1', nonMergingList: [{name: c}]}]}"),
                new Case(
                        "non-merging list is replaced as sent",
                        "{nonMergingList: [{name: '1'}, {name: '2'}]}",
                        "{nonMergingList: [{name: '3', value: null}]}",
                        "{nonMergingList: [{name: '3', value: null}]}"),
                new Case(
                        "merging int list merges as a set, patch items first when new",
                        "{mergingIntList: [1, 2, 3]}",
                        "{mergingIntList: [4, 2]}",
                        "{mergingIntList: [4, 1, 2, 3]}"),
                new Case(
                        "merging int list: duplicates in the patch collapse",
                        "{mergingIntList: [1]}",
                        "{mergingIntList: [1, 1, 2]}",
                        "{mergingIntList: [1, 2]}"),
                new Case(
                        "non-merging int list is replaced",
                        "{nonMergingIntList: [1, 2]}",
                        "{nonMergingIntList: [3]}",
                        "{nonMergingIntList: [3]}"),
                new Case(
                        "$deleteFromPrimitiveList removes every occurrence",
                        "{mergingIntList: [1, 2, 3, 2]}",
                        "{$deleteFromPrimitiveList/mergingIntList: [2, 9]}",
                        "{mergingIntList: [1, 3]}"),
                new Case(
                        "$deleteFromPrimitiveList works on a list without merge strategy",
                        "{nonMergingIntList: [1, 2, 3]}",
                        "{$deleteFromPrimitiveList/nonMergingIntList: [1]}",
                        "{nonMergingIntList: [2, 3]}"),
                new Case(
                        "$deleteFromPrimitiveList of a missing list adds nothing",
                        "{name: a}",
                        "{$deleteFromPrimitiveList/mergingIntList: [1]}",
                        "{name: a}"),
                new Case(
                        "$deleteFromPrimitiveList with null removes the list",
                        "{mergingIntList: [1]}",
                        "{$deleteFromPrimitiveList/mergingIntList: null}",
                        "{}"),
                new Case(
                        "$setElementOrder orders listed items and keeps server-only ones in place",
                        "{mergingList: [{name: '1', other: a}, {name: '2', value: '2'}, {name: '9'}, {name: '3'},"
                                + " {name: '4'}]}",
                        "{$setElementOrder/mergingList: [{name: '2'}, {name: '1'}, {name: '4'}, {name: '3'}]}",
                        "{mergingList: [{name: '2', value: '2'}, {name: '1', other: a}, {name: '9'}, {name: '4'},"
                                + " {name: '3'}]}"),
                new Case(
                        "$setElementOrder places a new item where the order says",
                        "{mergingList: [{name: '1'}, {name: '2', value: '2'}]}",
                        "{$setElementOrder/mergingList: [{name: '1'}, {name: '3'}, {name: '2'}],"
                                + " mergingList: [{name: '3', value: '3'}]}",
                        "{mergingList: [{name: '1'}, {name: '3', value: '3'}, {name: '2', value: '2'}]}"),
                new Case(
                        "$setElementOrder with a deletion",
                        "{mergingList: [{name: '1'}, {name: '2'}, {name: '3'}]}",
                        "{$setElementOrder/mergingList: [{name: '3'}, {name: '1'}],"
                                + " mergingList: [{name: '2', $patch: delete}]}",
                        "{mergingList: [{name: '3'}, {name: '1'}]}"),
                new Case(
                        "$setElementOrder on a primitive list with a deletion list",
                        "{mergingIntList: [1, 2, 3]}",
                        "{$setElementOrder/mergingIntList: [3, 4, 1], mergingIntList: [4],"
                                + " $deleteFromPrimitiveList/mergingIntList: [2]}",
                        "{mergingIntList: [3, 4, 1]}"),
                new Case(
                        "$setElementOrder for a list the original lacks",
                        "{name: a}",
                        "{$setElementOrder/mergingList: [{name: '2'}, {name: '1'}],"
                                + " mergingList: [{name: '2'}, {name: '1', $patch: delete}]}",
                        "{name: a, mergingList: [{name: '2'}]}"),
                new Case(
                        "$retainKeys clears the keys it does not name",
                        "{retainKeysMap: {name: a, value: v, other: o}}",
                        "{retainKeysMap: {$retainKeys: [name, other], other: p}}",
                        "{retainKeysMap: {name: a, other: p}}"),
                new Case(
                        "$retainKeys in the items of a merging list",
                        "{retainKeysMergingList: [{name: '1', value: a, other: b}, {name: '2', value: c}]}",
                        "{retainKeysMergingList: [{name: '1', $retainKeys: [name, value]}]}",
                        "{retainKeysMergingList: [{name: '1', value: a}, {name: '2', value: c}]}"),
                new Case(
                        "$patch replace on an object replaces it",
                        "{retainKeysMap: {name: a, value: v}}",
                        "{retainKeysMap: {$patch: replace, other: o}}",
                        "{retainKeysMap: {other: o}}"),
                new Case(
                        "$patch delete on an object empties it",
                        "{retainKeysMap: {name: a, value: v}, name: n}",
                        "{retainKeysMap: {$patch: delete}}",
                        "{retainKeysMap: {}, name: n}"),
                new Case(
                        "strategy replace on a raw field takes the patch whole",
                        "{replacingItem: {a: 1, b: {c: 2}}}",
                        "{replacingItem: {b: {d: 3}}}",
                        "{replacingItem: {b: {d: 3}}}"),
                new Case(
                        "strategy replace on a struct field takes the patch whole",
                        "{replacedItem: {name: a, value: b}}",
                        "{replacedItem: {other: c}}",
                        "{replacedItem: {other: c}}"),
                new Case(
                        "raw fields merge as plain JSON, their lists replaced",
                        "{rawItem: {a: 1, b: {c: 2, d: [1, 2]}, e: [{name: x}]}}",
                        "{rawItem: {b: {c: null, d: [3]}, e: [{name: y}]}}",
                        "{rawItem: {a: 1, b: {d: [3]}, e: [{name: y}]}}"),
                new Case(
                        "maps of records merge entries with the record's metadata",
                        "{itemMap: {a: {name: a, mergingList: [{name: '1'}]}}}",
                        "{itemMap: {a: {mergingList: [{name: '2'}]}, b: {name: b}}}",
                        "{itemMap: {a: {name: a, mergingList: [{name: '2'}, {name: '1'}]}, b: {name: b}}}"),
                new Case(
                        "integer merge keys match by value",
                        "{ports: [{port: 80, protocol: TCP}, {port: 443}]}",
                        "{ports: [{port: 443, protocol: UDP}]}",
                        "{ports: [{port: 80, protocol: TCP}, {port: 443, protocol: UDP}]}"),
                new Case(
                        "1.0 is not the merge key 1, as Go's int64 and float64 differ",
                        "{ports: [{port: 1}]}",
                        "{ports: [{port: 1.0, protocol: UDP}]}",
                        "{ports: [{port: 1.0, protocol: UDP}, {port: 1}]}"),
                new Case(
                        "a list replacing an object, and an object replacing a scalar",
                        "{simpleMap: {a: b}, name: n}",
                        "{simpleMap: [x], name: {first: f}}",
                        "{simpleMap: [x], name: {first: f}}"),
                new Case(
                        "unknown fields new to the original pass through",
                        "{name: a}",
                        "{bogus: {x: 1}}",
                        "{name: a, bogus: {x: 1}}"),
                new Case(
                        "empty merging lists stay empty",
                        "{mergingList: []}",
                        "{mergingList: []}",
                        "{mergingList: []}"),
                new Case(
                        "$patch replace at the top replaces the document",
                        "{name: a, value: b}",
                        "{$patch: replace, other: c}",
                        "{other: c}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("merges")
    void merges(Case c) throws Exception {
        JsonNode original = yaml(c.original());
        JsonNode patch = yaml(c.patch());
        JsonNode originalBefore = original.deepCopy();
        JsonNode patchBefore = patch.deepCopy();

        JsonNode result = StrategicMergePatch.apply(original, patch, ITEM);

        assertThat(result).isEqualTo(yaml(c.expected()));
        assertThat(Json.toJson(result)).isEqualTo(Json.toJson(yaml(c.expected()))); // order of list items too
        assertThat(original).as("original untouched").isEqualTo(originalBefore);
        assertThat(patch).as("patch untouched").isEqualTo(patchBefore);
    }

    static Stream<Failure> failures() {
        return Stream.of(
                new Failure(
                        "unknown directive on an object",
                        "{retainKeysMap: {name: a}}",
                        "{retainKeysMap: {$patch: foo, name: b}}",
                        500,
                        "",
                        "unknown patch type: foo in map: map[$patch:foo name:b]"),
                new Failure(
                        "$patch merge on an object is unknown too",
                        "{}",
                        "{$patch: merge}",
                        500,
                        "",
                        "unknown patch type: merge in map: map[$patch:merge]"),
                new Failure(
                        "a non-string directive",
                        "{}",
                        "{$patch: 1}",
                        500,
                        "",
                        "unknown patch type: %!s(int64=1) in map: map[$patch:1]"),
                new Failure(
                        "unknown directive in a merging list",
                        "{mergingList: [{name: '1'}]}",
                        "{mergingList: [{name: '1', $patch: foo}]}",
                        500,
                        "",
                        "unknown patch type: foo in map: map[$patch:foo name:1]"),
                new Failure(
                        "$patch merge in a list",
                        "{mergingList: [{name: '1'}]}",
                        "{mergingList: [{$patch: merge}]}",
                        500,
                        "",
                        "merging lists cannot yet be specified in the patch"),
                new Failure(
                        "a patch item without merge key",
                        "{mergingList: [{name: '1'}]}",
                        "{mergingList: [{value: x}]}",
                        500,
                        "",
                        "map: map[value:x] does not contain declared merge key: name"),
                new Failure(
                        "a deletion without merge key",
                        "{mergingList: [{name: '1'}]}",
                        "{mergingList: [{$patch: delete, value: x}]}",
                        500,
                        "",
                        "map: map[$patch:delete value:x] does not contain declared merge key: name"),
                new Failure(
                        "$deleteFromPrimitiveList without a field",
                        "{mergingIntList: [1]}",
                        "{$deleteFromPrimitiveList: [1]}",
                        400,
                        "BadRequest",
                        "invalid patch format of primitive list"),
                new Failure(
                        "$setElementOrder without a field",
                        "{mergingIntList: [1]}",
                        "{$setElementOrder: [1]}",
                        400,
                        "BadRequest",
                        "invalid patch format of setElementOrder list"),
                new Failure(
                        "$setElementOrder that is not a list",
                        "{mergingIntList: [1]}",
                        "{$setElementOrder/mergingIntList: x}",
                        500,
                        "",
                        "expected a []interface {}, but received a string"),
                new Failure(
                        "$setElementOrder not matching the patch list",
                        "{mergingIntList: [1]}",
                        "{$setElementOrder/mergingIntList: [1, 2], mergingIntList: [3]}",
                        500,
                        "",
                        "The order in patch list:\n[3]\n doesn't match $setElementOrder list:\n[1 2]\n"),
                new Failure(
                        "$retainKeys that is not a list",
                        "{retainKeysMap: {name: a}}",
                        "{retainKeysMap: {$retainKeys: name}}",
                        400,
                        "BadRequest",
                        "invalid patch format of retainKeys"),
                new Failure(
                        "a patch key missing from $retainKeys",
                        "{retainKeysMap: {name: a}}",
                        "{retainKeysMap: {$retainKeys: [name], value: v}}",
                        400,
                        "BadRequest",
                        "invalid patch format of retainKeys"),
                new Failure(
                        "an unknown field where both sides are objects",
                        "{bogus: {a: 1}}",
                        "{bogus: {a: 2}}",
                        500,
                        "",
                        "unable to find api field in struct Item for the json field \"bogus\""),
                new Failure(
                        "a typed list of lists fails the lookup",
                        "{listOfLists: [[a]]}",
                        "{listOfLists: [[b]], $setElementOrder/listOfLists: [[b]]}",
                        500,
                        "",
                        "unexpected slice of slice"),
                new Failure(
                        "merging a list of lists",
                        "{rawItem: {l: [[a]]}}",
                        "{rawItem: {$deleteFromPrimitiveList/l: [[a]]}}",
                        422,
                        "Invalid",
                        "the server rejected our request due to an error in our request"),
                new Failure(
                        "mixed element types",
                        "{mergingIntList: [1]}",
                        "{mergingIntList: [a]}",
                        500,
                        "",
                        "list element types are not identical: [[1] [a]]"),
                new Failure(
                        "a patch that is not an object",
                        "{}",
                        "[1]",
                        400,
                        "BadRequest",
                        "json: cannot unmarshal array into Go value of type map[string]interface {}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void failures(Failure f) throws Exception {
        JsonNode original = yaml(f.original());
        JsonNode patch = yaml(f.patch());
        assertThatThrownBy(() -> StrategicMergePatch.apply(original, patch, ITEM))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(f.code());
                    assertThat(e.status().reason() == null ? "" : e.status().reason())
                            .isEqualTo(f.reason());
                    assertThat(e.status().message()).isEqualTo(f.message());
                });
    }

    @Test
    void aNullPatchChangesNothing() throws Exception {
        JsonNode original = yaml("{name: a}");
        assertThat(StrategicMergePatch.apply(original, null, ITEM)).isEqualTo(original);
        assertThat(StrategicMergePatch.apply(original, Json.MAPPER.nullNode(), ITEM))
                .isEqualTo(original);
    }

    @Test
    void withoutMetadataListsAreReplacedAsSentAndObjectsMerge() throws Exception {
        JsonNode result = StrategicMergePatch.apply(
                yaml("{mergingList: [{name: '1'}], simpleMap: {a: b}, bogus: {x: 1}}"),
                yaml("{mergingList: [{name: '2', $patch: delete}], simpleMap: {c: d}, bogus: {y: 2}}"),
                PatchMeta.none());
        assertThat(result)
                .isEqualTo(yaml(
                        "{mergingList: [{name: '2', $patch: delete}], simpleMap: {a: b, c: d}, bogus: {x: 1, y: 2}}"));
    }

    @Test
    void theOriginalMayBeMissing() throws Exception {
        assertThat(StrategicMergePatch.apply(null, yaml("{name: a, value: null}"), ITEM))
                .isEqualTo(yaml("{name: a}"));
    }

    private static JsonNode yaml(String text) throws Exception {
        return Json.YAML.readTree(text);
    }
}
