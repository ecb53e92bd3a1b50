package cloud.gardener.apiserver.endpoints.openapi;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Encodes a Swagger 2.0 JSON document as gnostic's {@code openapi.v2.Document} protobuf, the form
 * kubectl and client-go ask {@code /openapi/v2} for. kubectl up to 1.28 reads it to decide whether the
 * server validates fields ({@code fieldValidation} on the PATCH operation of the kind); without it every
 * {@code create}/{@code apply} of those versions fails. Field numbers follow gnostic's OpenAPIv2.proto.
 * Values of free form ({@code default}, {@code example}, {@code enum} members, {@code x-} extensions) go
 * into {@code Any.yaml} as JSON text, which is valid YAML.
 */
public final class OpenApiV2Protobuf {

    /** What the server answers with, for either of the two Accept spellings. */
    public static final String CONTENT_TYPE = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";

    private OpenApiV2Protobuf() {}

    /** Whether a media type (essence, without parameters) asks for this encoding. */
    public static boolean isProtobufMediaType(String essence) {
        return essence.equals("application/com.github.proto-openapi.spec.v2@v1.0+protobuf")
                || essence.equals(CONTENT_TYPE);
    }

    public static byte[] encode(JsonNode document) {
        ProtoWriter w = new ProtoWriter();
        document(w, document);
        return w.toByteArray();
    }

    private static void document(ProtoWriter w, JsonNode d) {
        w.string(1, text(d, "swagger"));
        message(w, 2, d.get("info"), OpenApiV2Protobuf::info);
        w.string(3, text(d, "host"));
        w.string(4, text(d, "basePath"));
        strings(w, 5, d.get("schemes"));
        strings(w, 6, d.get("consumes"));
        strings(w, 7, d.get("produces"));
        message(w, 8, d.get("paths"), OpenApiV2Protobuf::paths);
        message(w, 9, d.get("definitions"), (m, defs) -> named(m, 1, defs, OpenApiV2Protobuf::schema));
        message(w, 10, d.get("parameters"), (m, ps) -> named(m, 1, ps, OpenApiV2Protobuf::parameter));
        message(w, 11, d.get("responses"), (m, rs) -> named(m, 1, rs, OpenApiV2Protobuf::response));
        repeated(w, 12, d.get("security"), OpenApiV2Protobuf::securityRequirement);
        message(
                w,
                13,
                d.get("securityDefinitions"),
                (m, sd) -> named(m, 1, sd, OpenApiV2Protobuf::securityDefinitionsItem));
        repeated(w, 14, d.get("tags"), OpenApiV2Protobuf::tag);
        message(w, 15, d.get("externalDocs"), OpenApiV2Protobuf::externalDocs);
        extensions(w, 16, d);
    }

    private static void info(ProtoWriter w, JsonNode i) {
        w.string(1, text(i, "title"));
        w.string(2, text(i, "version"));
        w.string(3, text(i, "description"));
        w.string(4, text(i, "termsOfService"));
        message(w, 5, i.get("contact"), (m, c) -> {
            m.string(1, text(c, "name"));
            m.string(2, text(c, "url"));
            m.string(3, text(c, "email"));
            extensions(m, 4, c);
        });
        message(w, 6, i.get("license"), (m, l) -> {
            m.string(1, text(l, "name"));
            m.string(2, text(l, "url"));
            extensions(m, 3, l);
        });
        extensions(w, 7, i);
    }

    private static void paths(ProtoWriter w, JsonNode p) {
        extensions(w, 1, p);
        for (Iterator<Map.Entry<String, JsonNode>> it = p.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().startsWith("x-")) {
                namedEntry(w, 2, e.getKey(), e.getValue(), OpenApiV2Protobuf::pathItem);
            }
        }
    }

    private static void pathItem(ProtoWriter w, JsonNode p) {
        w.string(1, text(p, "$ref"));
        String[] methods = {"get", "put", "post", "delete", "options", "head", "patch"};
        for (int i = 0; i < methods.length; i++) {
            message(w, 2 + i, p.get(methods[i]), OpenApiV2Protobuf::operation);
        }
        repeated(w, 9, p.get("parameters"), OpenApiV2Protobuf::parametersItem);
        extensions(w, 10, p);
    }

    private static void operation(ProtoWriter w, JsonNode o) {
        strings(w, 1, o.get("tags"));
        w.string(2, text(o, "summary"));
        w.string(3, text(o, "description"));
        message(w, 4, o.get("externalDocs"), OpenApiV2Protobuf::externalDocs);
        w.string(5, text(o, "operationId"));
        strings(w, 6, o.get("produces"));
        strings(w, 7, o.get("consumes"));
        repeated(w, 8, o.get("parameters"), OpenApiV2Protobuf::parametersItem);
        message(w, 9, o.get("responses"), OpenApiV2Protobuf::responses);
        strings(w, 10, o.get("schemes"));
        w.bool(11, o.path("deprecated").asBoolean());
        repeated(w, 12, o.get("security"), OpenApiV2Protobuf::securityRequirement);
        extensions(w, 13, o);
    }

    private static void parametersItem(ProtoWriter w, JsonNode p) {
        if (p.has("$ref")) {
            w.message(2, m -> jsonReference(m, p));
        } else {
            w.message(1, m -> parameter(m, p));
        }
    }

    private static void jsonReference(ProtoWriter w, JsonNode r) {
        w.string(1, text(r, "$ref"));
        w.string(2, text(r, "description"));
    }

    private static void parameter(ProtoWriter w, JsonNode p) {
        String in = text(p, "in");
        if ("body".equals(in)) {
            w.message(1, b -> {
                b.string(1, text(p, "description"));
                b.string(2, text(p, "name"));
                b.string(3, in);
                b.bool(4, p.path("required").asBoolean());
                message(b, 5, p.get("schema"), OpenApiV2Protobuf::schema);
                extensions(b, 6, p);
            });
            return;
        }
        int which = switch (in == null ? "" : in) {
            case "header" -> 1;
            case "formData" -> 2;
            case "path" -> 4;
            default -> 3;
        };
        // Query and formData sub-schemas have allowEmptyValue at 5, which shifts the rest by one.
        boolean allowsEmpty = which == 2 || which == 3;
        w.message(
                2,
                nb -> nb.message(which, s -> {
                    s.bool(1, p.path("required").asBoolean());
                    s.string(2, in);
                    s.string(3, text(p, "description"));
                    s.string(4, text(p, "name"));
                    int start = 5;
                    if (allowsEmpty) {
                        s.bool(5, p.path("allowEmptyValue").asBoolean());
                        start = 6;
                    }
                    validationKeywords(s, start, p);
                    extensions(s, start + 17, p);
                }));
    }

    /**
     * The keywords shared by non-body parameters, headers and primitive items, numbered consecutively
     * from {@code start} (the field number of {@code type}).
     */
    private static void validationKeywords(ProtoWriter w, int start, JsonNode n) {
        w.string(start, text(n, "type"));
        w.string(start + 1, text(n, "format"));
        message(w, start + 2, n.get("items"), OpenApiV2Protobuf::primitivesItems);
        w.string(start + 3, text(n, "collectionFormat"));
        any(w, start + 4, n.get("default"));
        w.float64(start + 5, n.path("maximum").asDouble());
        w.bool(start + 6, n.path("exclusiveMaximum").asBoolean());
        w.float64(start + 7, n.path("minimum").asDouble());
        w.bool(start + 8, n.path("exclusiveMinimum").asBoolean());
        w.int64(start + 9, n.path("maxLength").asLong());
        w.int64(start + 10, n.path("minLength").asLong());
        w.string(start + 11, text(n, "pattern"));
        w.int64(start + 12, n.path("maxItems").asLong());
        w.int64(start + 13, n.path("minItems").asLong());
        w.bool(start + 14, n.path("uniqueItems").asBoolean());
        anys(w, start + 15, n.get("enum"));
        w.float64(start + 16, n.path("multipleOf").asDouble());
    }

    private static void primitivesItems(ProtoWriter w, JsonNode i) {
        validationKeywords(w, 1, i);
        extensions(w, 18, i);
    }

    private static void header(ProtoWriter w, JsonNode h) {
        validationKeywords(w, 1, h);
        w.string(18, text(h, "description"));
        extensions(w, 19, h);
    }

    private static void responses(ProtoWriter w, JsonNode r) {
        for (Iterator<Map.Entry<String, JsonNode>> it = r.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().startsWith("x-")) {
                namedEntry(w, 1, e.getKey(), e.getValue(), (m, v) -> {
                    if (v.has("$ref")) {
                        m.message(2, j -> jsonReference(j, v));
                    } else {
                        m.message(1, resp -> response(resp, v));
                    }
                });
            }
        }
        extensions(w, 2, r);
    }

    private static void response(ProtoWriter w, JsonNode r) {
        w.string(1, text(r, "description"));
        message(w, 2, r.get("schema"), (m, s) -> {
            if ("file".equals(text(s, "type"))) {
                m.message(2, f -> fileSchema(f, s));
            } else {
                m.message(1, sc -> schema(sc, s));
            }
        });
        message(w, 3, r.get("headers"), (m, hs) -> named(m, 1, hs, OpenApiV2Protobuf::header));
        message(w, 4, r.get("examples"), (m, ex) -> named(m, 1, ex, (a, v) -> a.string(2, yaml(v))));
        extensions(w, 5, r);
    }

    private static void fileSchema(ProtoWriter w, JsonNode s) {
        w.string(1, text(s, "format"));
        w.string(2, text(s, "title"));
        w.string(3, text(s, "description"));
        any(w, 4, s.get("default"));
        strings(w, 5, s.get("required"));
        w.string(6, text(s, "type"));
        w.bool(7, s.path("readOnly").asBoolean());
        message(w, 8, s.get("externalDocs"), OpenApiV2Protobuf::externalDocs);
        any(w, 9, s.get("example"));
        extensions(w, 10, s);
    }

    private static void schema(ProtoWriter w, JsonNode s) {
        w.string(1, text(s, "$ref"));
        w.string(2, text(s, "format"));
        w.string(3, text(s, "title"));
        w.string(4, text(s, "description"));
        any(w, 5, s.get("default"));
        w.float64(6, s.path("multipleOf").asDouble());
        w.float64(7, s.path("maximum").asDouble());
        w.bool(8, s.path("exclusiveMaximum").asBoolean());
        w.float64(9, s.path("minimum").asDouble());
        w.bool(10, s.path("exclusiveMinimum").asBoolean());
        w.int64(11, s.path("maxLength").asLong());
        w.int64(12, s.path("minLength").asLong());
        w.string(13, text(s, "pattern"));
        w.int64(14, s.path("maxItems").asLong());
        w.int64(15, s.path("minItems").asLong());
        w.bool(16, s.path("uniqueItems").asBoolean());
        w.int64(17, s.path("maxProperties").asLong());
        w.int64(18, s.path("minProperties").asLong());
        strings(w, 19, s.get("required"));
        anys(w, 20, s.get("enum"));
        JsonNode additional = s.get("additionalProperties");
        if (additional != null && additional.isBoolean()) {
            w.message(21, m -> m.boolPresent(2, additional.asBoolean()));
        } else {
            message(w, 21, additional, (m, a) -> m.message(1, sc -> schema(sc, a)));
        }
        message(
                w,
                22,
                s.get("type"),
                (m, t) -> strings(
                        m, 1, t.isArray() ? t : Json.MAPPER.createArrayNode().add(t)));
        JsonNode items = s.get("items");
        if (items != null) {
            w.message(23, m -> {
                if (items.isArray()) {
                    repeated(m, 1, items, OpenApiV2Protobuf::schema);
                } else {
                    m.message(1, sc -> schema(sc, items));
                }
            });
        }
        repeated(w, 24, s.get("allOf"), OpenApiV2Protobuf::schema);
        message(w, 25, s.get("properties"), (m, ps) -> named(m, 1, ps, OpenApiV2Protobuf::schema));
        w.string(26, text(s, "discriminator"));
        w.bool(27, s.path("readOnly").asBoolean());
        message(w, 28, s.get("xml"), (m, x) -> {
            m.string(1, text(x, "name"));
            m.string(2, text(x, "namespace"));
            m.string(3, text(x, "prefix"));
            m.bool(4, x.path("attribute").asBoolean());
            m.bool(5, x.path("wrapped").asBoolean());
            extensions(m, 6, x);
        });
        message(w, 29, s.get("externalDocs"), OpenApiV2Protobuf::externalDocs);
        any(w, 30, s.get("example"));
        extensions(w, 31, s);
    }

    private static void securityRequirement(ProtoWriter w, JsonNode r) {
        named(w, 1, r, (m, scopes) -> strings(m, 1, scopes));
    }

    private static void securityDefinitionsItem(ProtoWriter w, JsonNode s) {
        String type = text(s, "type");
        if ("basic".equals(type)) {
            w.message(1, m -> {
                m.string(1, type);
                m.string(2, text(s, "description"));
                extensions(m, 3, s);
            });
        } else if ("apiKey".equals(type)) {
            w.message(2, m -> {
                m.string(1, type);
                m.string(2, text(s, "name"));
                m.string(3, text(s, "in"));
                m.string(4, text(s, "description"));
                extensions(m, 5, s);
            });
        } else if ("oauth2".equals(type)) {
            String flow = text(s, "flow");
            int which = switch (flow == null ? "" : flow) {
                case "implicit" -> 3;
                case "password" -> 4;
                case "application" -> 5;
                default -> 6;
            };
            w.message(which, m -> {
                m.string(1, type);
                m.string(2, flow);
                message(m, 3, s.get("scopes"), (sc, scopes) -> named(sc, 1, scopes, (v, d) -> v.string(2, d.asText())));
                int next = 4;
                if (which == 3 || which == 6) {
                    m.string(next++, text(s, "authorizationUrl"));
                }
                if (which != 3) {
                    m.string(next++, text(s, "tokenUrl"));
                }
                m.string(next++, text(s, "description"));
                extensions(m, next, s);
            });
        }
    }

    private static void tag(ProtoWriter w, JsonNode t) {
        w.string(1, text(t, "name"));
        w.string(2, text(t, "description"));
        message(w, 3, t.get("externalDocs"), OpenApiV2Protobuf::externalDocs);
        extensions(w, 4, t);
    }

    private static void externalDocs(ProtoWriter w, JsonNode d) {
        w.string(1, text(d, "description"));
        w.string(2, text(d, "url"));
        extensions(w, 3, d);
    }

    // ---- helpers

    /** A map as repeated {@code Named*} entries (name = 1, value = 2), skipping {@code x-} keys. */
    private static void named(ProtoWriter w, int field, JsonNode map, BiConsumer<ProtoWriter, JsonNode> value) {
        for (Iterator<Map.Entry<String, JsonNode>> it = map.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            namedEntry(w, field, e.getKey(), e.getValue(), value);
        }
    }

    private static void namedEntry(
            ProtoWriter w, int field, String name, JsonNode v, BiConsumer<ProtoWriter, JsonNode> value) {
        w.message(field, m -> {
            m.string(1, name);
            m.message(2, inner -> value.accept(inner, v));
        });
    }

    /** The {@code x-} members of an object as repeated {@code NamedAny}. */
    private static void extensions(ProtoWriter w, int field, JsonNode n) {
        for (Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().startsWith("x-")) {
                namedEntry(w, field, e.getKey(), e.getValue(), (a, v) -> a.string(2, yaml(v)));
            }
        }
    }

    private static void message(ProtoWriter w, int field, JsonNode n, BiConsumer<ProtoWriter, JsonNode> body) {
        if (n != null && !n.isNull()) {
            w.message(field, m -> body.accept(m, n));
        }
    }

    private static void repeated(ProtoWriter w, int field, JsonNode array, BiConsumer<ProtoWriter, JsonNode> body) {
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                w.message(field, m -> body.accept(m, item));
            }
        }
    }

    private static void strings(ProtoWriter w, int field, JsonNode array) {
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                w.repeatedString(field, item.asText());
            }
        }
    }

    private static void any(ProtoWriter w, int field, JsonNode value) {
        if (value != null) {
            w.message(field, a -> a.string(2, yaml(value)));
        }
    }

    private static void anys(ProtoWriter w, int field, JsonNode array) {
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                any(w, field, item);
            }
        }
    }

    /** JSON is YAML; readers (kube-openapi, kubectl) YAML-decode these strings. */
    private static String yaml(JsonNode value) {
        return value.toString() + "\n";
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }
}
