package cloud.gardener.apiserver.endpoints.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenApiV2ProtobufTest {

    /** One decoded field: number, wire type, and the varint or the bytes. */
    @SuppressWarnings("ArrayRecordComponent") // a decoded field, read once; never compared as a whole
    private record Field(int number, int wireType, long varint, byte[] bytes) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static List<Field> decode(byte[] b) {
        List<Field> fields = new ArrayList<>();
        int[] pos = {0};
        while (pos[0] < b.length) {
            long tag = varint(b, pos);
            int wire = (int) (tag & 7);
            int number = (int) (tag >>> 3);
            switch (wire) {
                case 0 -> fields.add(new Field(number, 0, varint(b, pos), null));
                case 1 -> {
                    byte[] v = java.util.Arrays.copyOfRange(b, pos[0], pos[0] + 8);
                    pos[0] += 8;
                    fields.add(new Field(number, 1, 0, v));
                }
                case 2 -> {
                    int len = (int) varint(b, pos);
                    fields.add(new Field(number, 2, 0, java.util.Arrays.copyOfRange(b, pos[0], pos[0] + len)));
                    pos[0] += len;
                }
                default -> throw new AssertionError("wire type " + wire);
            }
        }
        return fields;
    }

    private static long varint(byte[] b, int[] pos) {
        long result = 0;
        for (int shift = 0; ; shift += 7) {
            int x = b[pos[0]++] & 0xff;
            result |= (long) (x & 0x7f) << shift;
            if (x < 0x80) {
                return result;
            }
        }
    }

    private static Field only(List<Field> fields, int number) {
        List<Field> found = fields.stream().filter(f -> f.number() == number).toList();
        assertThat(found).as("field %d", number).hasSize(1);
        return found.get(0);
    }

    @Test
    void encodesPathsParametersExtensionsAndSchemas() throws Exception {
        String json = """
                {"swagger":"2.0","info":{"title":"Gardener","version":"unversioned"},
                 "paths":{"/apis/g/v1/things/{name}":{
                   "patch":{"operationId":"patchThing","consumes":["application/merge-patch+json"],
                     "parameters":[{"name":"body","in":"body","required":true,"schema":{"$ref":"#/definitions/P"}},
                                   {"name":"fieldValidation","in":"query","type":"string","uniqueItems":true}],
                     "responses":{"200":{"description":"OK"}},
                     "x-kubernetes-group-version-kind":{"group":"g","kind":"Thing","version":"v1"}},
                   "parameters":[{"name":"name","in":"path","required":true,"type":"string"}]}},
                 "definitions":{"T":{"type":"object","additionalProperties":false,"required":["spec"],
                   "properties":{"spec":{"type":"object"}}}}}
                """;
        List<Field> doc = decode(OpenApiV2Protobuf.encode(Json.MAPPER.readTree(json)));
        assertThat(only(doc, 1).text()).isEqualTo("2.0");
        assertThat(only(decode(only(doc, 2).bytes()), 1).text()).isEqualTo("Gardener");

        List<Field> namedPath = decode(only(decode(only(doc, 8).bytes()), 2).bytes());
        assertThat(only(namedPath, 1).text()).isEqualTo("/apis/g/v1/things/{name}");
        List<Field> pathItem = decode(only(namedPath, 2).bytes());
        List<Field> patch = decode(only(pathItem, 8).bytes());
        assertThat(only(patch, 5).text()).isEqualTo("patchThing");
        assertThat(only(patch, 7).text()).isEqualTo("application/merge-patch+json");

        List<Field> params = patch.stream().filter(f -> f.number() == 8).toList();
        assertThat(params).hasSize(2);
        List<Field> body =
                decode(only(decode(only(decode(params.get(0).bytes()), 1).bytes()), 1)
                        .bytes());
        assertThat(only(body, 2).text()).isEqualTo("body");
        assertThat(only(body, 4).varint()).isEqualTo(1);
        List<Field> query = decode(only(
                        decode(only(
                                        decode(only(decode(params.get(1).bytes()), 1)
                                                .bytes()),
                                        2)
                                .bytes()),
                        3)
                .bytes());
        assertThat(only(query, 4).text()).isEqualTo("fieldValidation");
        assertThat(only(query, 6).text()).isEqualTo("string");
        assertThat(only(query, 20).varint()).isEqualTo(1);

        List<Field> ext = decode(only(patch, 13).bytes());
        assertThat(only(ext, 1).text()).isEqualTo("x-kubernetes-group-version-kind");
        assertThat(Json.YAML.readTree(only(decode(only(ext, 2).bytes()), 2).text()))
                .isEqualTo(Json.MAPPER.readTree("{\"group\":\"g\",\"kind\":\"Thing\",\"version\":\"v1\"}"));

        List<Field> pathParam =
                decode(only(decode(only(decode(only(pathItem, 9).bytes()), 1).bytes()), 2)
                        .bytes());
        List<Field> pathSub = decode(only(pathParam, 4).bytes());
        assertThat(only(pathSub, 1).varint()).isEqualTo(1);
        assertThat(only(pathSub, 5).text()).isEqualTo("string");

        List<Field> namedSchema = decode(only(decode(only(doc, 9).bytes()), 1).bytes());
        assertThat(only(namedSchema, 1).text()).isEqualTo("T");
        List<Field> schema = decode(only(namedSchema, 2).bytes());
        assertThat(only(schema, 19).text()).isEqualTo("spec");
        assertThat(only(decode(only(schema, 22).bytes()), 1).text()).isEqualTo("object");
        List<Field> additional = decode(only(schema, 21).bytes());
        assertThat(only(additional, 2).varint())
                .as("false is present in the oneof")
                .isZero();
        assertThat(only(decode(only(decode(only(schema, 25).bytes()), 1).bytes()), 1)
                        .text())
                .isEqualTo("spec");
    }

    @Test
    void recognisesBothAcceptSpellings() {
        assertThat(OpenApiV2Protobuf.isProtobufMediaType("application/com.github.proto-openapi.spec.v2@v1.0+protobuf"))
                .isTrue();
        assertThat(OpenApiV2Protobuf.isProtobufMediaType(OpenApiV2Protobuf.CONTENT_TYPE))
                .isTrue();
        assertThat(OpenApiV2Protobuf.isProtobufMediaType("application/json")).isFalse();
    }
}
