package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.resource.Subresource;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.endpoints.negotiation.ConversionTarget;
import cloud.gardener.apiserver.endpoints.negotiation.Encoding;
import cloud.gardener.apiserver.endpoints.negotiation.OutputFormat;
import cloud.gardener.apiserver.endpoints.negotiation.OutputNegotiator;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.tables.TableConvertor;
import cloud.gardener.apiserver.registry.CpuWork;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.util.List;
import java.util.function.Function;

/**
 * Encodes a resource response in the negotiated form: the object itself (JSON, YAML, or protobuf for kinds that
 * have a protobuf form), a {@code meta.k8s.io} Table, or PartialObjectMetadata(List). Negotiation happens when the
 * writer is made, before any work, so that a 406 costs nothing.
 */
public final class ObjectWriter {

    private final ResourceRequest req;
    private final OutputFormat format;
    private final TableConvertor tables;
    private boolean columnsSent;
    /** Watch events go out as WebSocket messages, one each: protobuf events then carry no length prefix. */
    private boolean messageFramed;

    private ObjectWriter(ResourceRequest req, OutputFormat format) {
        this.req = req;
        this.format = format;
        this.tables = TableConvertor.defaultFor(req.type());
    }

    private static boolean pretty(ResourceRequest req) {
        return OutputNegotiator.isPretty(req.query(), req.header("User-Agent"));
    }

    public static ObjectWriter forObject(ResourceRequest req) {
        return new ObjectWriter(
                req,
                OutputNegotiator.forObject(
                        req.header("Accept"), pretty(req), ProtobufCodec.supports(responseKind(req))));
    }

    /** The kind the response carries: a subresource's own kind (scale, adminkubeconfig), else the resource's. */
    private static GroupVersionKind responseKind(ResourceRequest req) {
        if (req.subresource() != null && !req.subresource().isEmpty()) {
            GroupVersionKind own = req.type()
                    .subresource(req.subresource())
                    .map(Subresource::responseKind)
                    .orElse(null);
            if (own != null) {
                return own;
            }
        }
        return req.type().gvk(req.version());
    }

    public static ObjectWriter forList(ResourceRequest req) {
        GroupVersionKind item = req.type().gvk(req.version());
        GroupVersionKind list =
                new GroupVersionKind(item.group(), item.version(), req.type().listKind());
        return new ObjectWriter(
                req, OutputNegotiator.forObject(req.header("Accept"), pretty(req), ProtobufCodec.supports(list)));
    }

    public static ObjectWriter forWatch(ResourceRequest req) {
        boolean watchList = "true".equals(req.ctx().queryParams().get("sendInitialEvents"))
                && "true".equals(req.ctx().queryParams().get("allowWatchBookmarks"));
        return new ObjectWriter(
                req,
                OutputNegotiator.forWatch(
                        req.header("Accept"),
                        watchList,
                        ProtobufCodec.supports(req.type().gvk(req.version()))));
    }

    /** Switches watch events to WebSocket framing (one message per event), as upstream's websocket framer does. */
    public void frameAsMessages() {
        messageFramed = true;
    }

    public boolean pretty() {
        return format.pretty();
    }

    public String contentType() {
        return format.contentType();
    }

    /** The Content-Type of a watch stream: protobuf streams say so ({@code stream=watch}), JSON does not. */
    public String watchContentType() {
        return format.encoding() == Encoding.PROTOBUF ? ProtobufCodec.WATCH_MEDIA_TYPE : format.contentType();
    }

    private String goTypeName(boolean list) {
        String group = req.type().group();
        String pkg = group.isEmpty()
                ? "core"
                : group.substring(0, group.indexOf('.') < 0 ? group.length() : group.indexOf('.'));
        return "*" + pkg + "." + req.type().kind() + (list ? "List" : "");
    }

    public void writeObject(int code, ObjectNode obj) {
        format.checkShape(false, goTypeName(false));
        JsonNode out = switch (format.target()) {
            case TABLE -> tables.toTable(List.of(obj), null, includeObject(), format.targetVersion(), true);
            case PARTIAL_OBJECT_METADATA -> TableConvertor.partial(obj, format.targetVersion());
            default -> obj;
        };
        write(code, out);
    }

    /** Whether the answer is the object itself as compact JSON: what {@link StoredJsonAnswer} makes. */
    public boolean writesCompactJson() {
        return format.encoding() == Encoding.JSON && format.target() == ConversionTarget.NONE && !format.pretty();
    }

    /** Writes an answer already encoded as {@link #writesCompactJson} says. */
    public void writeCompactJson(int code, byte[] json) {
        format.checkShape(false, goTypeName(false));
        Responses.write(req.ctx(), code, Responses.JSON, json);
    }

    public void writeList(ObjectNode list) {
        format.checkShape(true, goTypeName(true));
        JsonNode out = switch (format.target()) {
            case TABLE ->
                tables.toTable(
                        items(list), (ObjectNode) list.get("metadata"), includeObject(), format.targetVersion(), true);
            case PARTIAL_OBJECT_METADATA_LIST ->
                TableConvertor.partialList(items(list), (ObjectNode) list.get("metadata"), format.targetVersion());
            default -> list;
        };
        write(200, out);
    }

    /**
     * Whether lists in this format are streamed ({@link #writeListStreamed}): the list itself in JSON or YAML, unless
     * the audit event records the response body. Tables, PartialObjectMetadataLists and protobuf are written whole.
     */
    public boolean streamsLists() {
        return format.target() == ConversionTarget.NONE
                && (format.encoding() == Encoding.JSON || format.encoding() == Encoding.YAML)
                && !RequestAudit.recordsResponseBody(req.ctx());
    }

    /**
     * Writes a list while encoding it, with the bytes {@link #writeList} writes for the same document.
     *
     * @param head        the list with an empty {@code items} field
     * @param item        makes one item's tree, when its turn comes
     * @param sourceBytes about the bytes the items are made from
     */
    public <T> Future<Void> writeListStreamed(
            ObjectNode head, List<T> items, Function<T, JsonNode> item, long sourceBytes) {
        format.checkShape(true, goTypeName(true));
        boolean yaml = format.encoding() == Encoding.YAML;
        ListEncoder<T> encoder =
                new ListEncoder<>(yaml ? Json.YAML : Json.MAPPER, !yaml && format.pretty(), head, items, item);
        return StreamedListResponse.write(req.ctx(), yaml ? Responses.YAML : Responses.JSON, encoder, sourceBytes);
    }

    private static List<ObjectNode> items(ObjectNode list) {
        java.util.ArrayList<ObjectNode> items = new java.util.ArrayList<>();
        list.path("items").forEach(i -> items.add((ObjectNode) i));
        return items;
    }

    private String includeObject() {
        return req.ctx().queryParams().get("includeObject");
    }

    /** Writes the answer; a large one is encoded off the event loop (its write then completes there). */
    private void write(int code, JsonNode out) {
        long size = CpuWork.estimateSize(out);
        if (size <= CpuWork.INLINE_BYTES) {
            encodeAndWrite(code, out);
            return;
        }
        CpuWork.run(size, () -> {
                    encodeAndWrite(code, out);
                    return null;
                })
                .onFailure(t -> Responses.fail(req.ctx(), t));
    }

    private void encodeAndWrite(int code, JsonNode out) {
        if (format.encoding() == Encoding.YAML) {
            Responses.writeYaml(req.ctx(), code, out);
        } else if (format.encoding() == Encoding.PROTOBUF) {
            Responses.write(req.ctx(), code, ProtobufCodec.MEDIA_TYPE, ProtobufCodec.encode(out));
        } else {
            Responses.writeJson(req.ctx(), code, out, format.pretty());
        }
    }

    /**
     * What, besides the event type and the object, decides the bytes of a watch event this writer makes: two watches
     * with the same rendering write the same buffer for the same change. A Table stream's first event differs from
     * the rest (it carries the column definitions).
     */
    public String watchRendering() {
        return format.encoding() + "|" + format.contentType() + "|" + format.target() + "|" + format.targetVersion()
                + "|" + messageFramed + "|" + (format.target() == ConversionTarget.TABLE ? includeObject() : "")
                + "|" + (format.target() == ConversionTarget.TABLE && !columnsSent);
    }

    /** Records that an event went out (from a shared encoding of the same rendering, or from this writer). */
    public void watchEventSent() {
        if (format.target() == ConversionTarget.TABLE) {
            columnsSent = true;
        }
    }

    /** One watch event line. Table streams carry the column definitions in their first event only. */
    public Buffer watchEvent(String type, ObjectNode obj) {
        JsonNode out = obj;
        if (format.target() == ConversionTarget.TABLE) {
            out = tables.toTable(List.of(obj), null, includeObject(), format.targetVersion(), !columnsSent);
            columnsSent = true;
        } else if (format.target() == ConversionTarget.PARTIAL_OBJECT_METADATA) {
            out = TableConvertor.partial(obj, format.targetVersion());
        }
        return event(type, out);
    }

    public Buffer bookmarkEvent(ObjectNode obj) {
        JsonNode out = obj;
        if (format.target() == ConversionTarget.TABLE) {
            ObjectNode table = JsonNodeFactory.instance.objectNode();
            table.put("kind", "Table");
            table.put("apiVersion", format.targetApiVersion());
            table.set("metadata", obj.get("metadata"));
            table.putNull("columnDefinitions");
            table.putArray("rows");
            out = table;
        }
        return event("BOOKMARK", out);
    }

    public Buffer errorEvent(Status status) {
        return event("ERROR", Json.MAPPER.valueToTree(status));
    }

    /** A JSON line, or a protobuf frame whose object is the enveloped protobuf body. */
    private Buffer event(String type, JsonNode object) {
        if (format.encoding() == Encoding.PROTOBUF) {
            byte[] body = ProtobufCodec.encode(object);
            return Buffer.buffer(
                    messageFramed ? ProtobufCodec.watchEvent(type, body) : ProtobufCodec.watchFrame(type, body));
        }
        return line(type, object);
    }

    private static Buffer line(String type, JsonNode object) {
        ObjectNode event = JsonNodeFactory.instance.objectNode();
        event.put("type", type);
        event.set("object", object);
        return Buffer.buffer(Json.toBytes(event)).appendByte((byte) '\n');
    }
}
