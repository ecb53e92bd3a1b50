package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.Subresource;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.endpoints.negotiation.ConversionTarget;
import cloud.gardener.apiserver.endpoints.negotiation.Encoding;
import cloud.gardener.apiserver.endpoints.negotiation.OutputFormat;
import cloud.gardener.apiserver.endpoints.negotiation.OutputNegotiator;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufListEncoder;
import cloud.gardener.apiserver.endpoints.tables.IncludeObject;
import cloud.gardener.apiserver.endpoints.tables.PartialObjects;
import cloud.gardener.apiserver.endpoints.tables.RowReads;
import cloud.gardener.apiserver.endpoints.tables.TableConvertor;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.registry.WrittenObject;
import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Encodes a resource response in the negotiated form: the object itself (JSON, YAML, or protobuf for kinds that
 * have a protobuf form), a {@code meta.k8s.io} Table, or PartialObjectMetadata(List). Negotiation happens when the
 * writer is made, before any work, so that a 406 costs nothing.
 */
public final class ObjectWriter {

    /** The request answered; null in a watch's writer, which keeps none of its request while it streams. */
    private final ResourceRequest req;

    private final ResourceType type;
    /** The {@code includeObject} query parameter, for Tables; null when not given. */
    private final String includeObject;

    private final OutputFormat format;
    /** Made when a Table is asked for: most answers are not, and making one reads every column definition. */
    private TableConvertor tables;

    private boolean columnsSent;
    /** Watch events go out as WebSocket messages, one each: protobuf events then carry no length prefix. */
    private boolean messageFramed;

    private ObjectWriter(ResourceRequest req, OutputFormat format) {
        this(req, req.type(), Multimaps.queryParam(req.ctx(), "includeObject"), format);
    }

    private ObjectWriter(ResourceRequest req, ResourceType type, String includeObject, OutputFormat format) {
        this.req = req;
        this.type = type;
        this.includeObject = includeObject;
        this.format = format;
    }

    private TableConvertor tables() {
        if (tables == null) {
            tables = TableConvertor.defaultFor(type);
        }
        return tables;
    }

    private static boolean pretty(ResourceRequest req) {
        return OutputNegotiator.isPretty(req.query(), req.header("user-agent"));
    }

    public static ObjectWriter forObject(ResourceRequest req) {
        return new ObjectWriter(
                req,
                OutputNegotiator.forObject(
                        req.header("accept"), pretty(req), ProtobufCodec.supports(responseKind(req))));
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
                req, OutputNegotiator.forObject(req.header("accept"), pretty(req), ProtobufCodec.supports(list)));
    }

    public static ObjectWriter forWatch(ResourceRequest req) {
        boolean watchList = "true".equals(Multimaps.queryParam(req.ctx(), "sendInitialEvents"))
                && "true".equals(Multimaps.queryParam(req.ctx(), "allowWatchBookmarks"));
        return new ObjectWriter(
                null,
                req.type(),
                Multimaps.queryParam(req.ctx(), "includeObject"),
                OutputNegotiator.forWatch(
                        req.header("accept"),
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
        String group = type.group();
        String pkg = group.isEmpty()
                ? "core"
                : group.substring(0, group.indexOf('.') < 0 ? group.length() : group.indexOf('.'));
        return "*" + pkg + "." + type.kind() + (list ? "List" : "");
    }

    public void writeObject(int code, ObjectNode obj) {
        format.checkShape(false, () -> goTypeName(false));
        JsonNode out = switch (format.target()) {
            case TABLE -> tables().toTable(List.of(obj), null, includeObject(), format.targetVersion(), true);
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
        format.checkShape(false, () -> goTypeName(false));
        Responses.write(req.ctx(), code, Responses.JSON, json);
    }

    /**
     * Writes a create's or update's answer: as compact JSON in its stored form, from the bytes just stored with the
     * resourceVersion put where the written object has it ({@link StoredJsonAnswer}), the same bytes encoding the
     * object gives; else (another encoding or version, a Table, pretty, no stored bytes) encoded from the object.
     */
    public void writeWritten(int code, WrittenObject written) {
        StoredObject stored = written.stored();
        if (stored == null || !writesCompactJson() || !req.store().servesStoredForm()) {
            writeObject(code, req.present(written.object()));
            return;
        }
        // read from the object here: the work below may run beside the next write's use of it
        String after = StoredJsonAnswer.after(written.object());
        if (stored.value().length <= CpuWork.INLINE_BYTES) {
            writeStored(code, written, after);
            return;
        }
        CpuWork.run(stored.value().length, () -> {
                    writeStored(code, written, after);
                    return null;
                })
                .onFailure(t -> Responses.fail(req.ctx(), t));
    }

    private void writeStored(int code, WrittenObject written, String after) {
        Optional<byte[]> answer = StoredJsonAnswer.of(written, after, req.type().kind(), req.apiVersion());
        if (answer.isPresent()) {
            writeCompactJson(code, answer.get());
        } else {
            // stored in another form (another kind or version first, say): encoded from the object
            writeObject(code, req.present(written.object()));
        }
    }

    public void writeList(ObjectNode list) {
        format.checkShape(true, () -> goTypeName(true));
        write(200, convertedList(format, tables(), includeObject(), list));
    }

    /** A whole list in the negotiated form: the list itself, its Table, or its PartialObjectMetadataList. */
    static JsonNode convertedList(OutputFormat format, TableConvertor tables, String includeObject, ObjectNode list) {
        return switch (format.target()) {
            case TABLE ->
                tables.toTable(
                        items(list), (ObjectNode) list.get("metadata"), includeObject, format.targetVersion(), true);
            case PARTIAL_OBJECT_METADATA_LIST ->
                TableConvertor.partialList(items(list), (ObjectNode) list.get("metadata"), format.targetVersion());
            default -> list;
        };
    }

    /**
     * Whether lists in this format are streamed ({@link #writeListStreamed}): every list answer (the list itself in
     * JSON, YAML or protobuf, a Table, a PartialObjectMetadataList), unless the audit event records the response body.
     */
    public boolean streamsLists() {
        return format.target() != ConversionTarget.PARTIAL_OBJECT_METADATA
                && !RequestAudit.recordsResponseBody(req.ctx());
    }

    /**
     * Writes a list while encoding it, with the bytes {@link #writeList} writes for the same document: its items are
     * made one at a time, converted (a Table's row, a PartialObjectMetadata) as each is written.
     *
     * @param head        the list with an empty {@code items} field
     * @param items       the first items (empty only when none follow)
     * @param more        brings the items after them (null: none), a chunk at a time once the answer has written the last chunk
     *                    (JSON, YAML, Tables); a protobuf list is measured before it is written, so its items are all
     *                    brought first
     * @param item        makes one item's tree, when its turn comes
     * @param compactItem writes an item's compact JSON as the tree would encode, without making the tree (declining
     *                    where it cannot say); null when there is none: used only for the list itself as compact JSON
     * @param rowItem     makes the part of an item a Table row reads ({@link TableConvertor#rowReads}), as
     *                    {@code item} would present it but for the rest, or null where it cannot; null for none
     * @param sourceBytes about the bytes the items are made from
     * @throws cloud.gardener.apiserver.api.meta.ApiException 406 for a list in a single object's form, 400 for a bad
     *     {@code includeObject}, both before anything is written
     */
    public <T> Future<Void> writeListStreamed(
            ObjectNode head,
            List<T> items,
            MoreItems<T> more,
            Function<T, JsonNode> item,
            ListEncoder.CompactItem<T> compactItem,
            RowItem<T> rowItem,
            long sourceBytes) {
        format.checkShape(true, () -> goTypeName(true));
        String include = includeObject();
        if (more != null && format.encoding() == Encoding.PROTOBUF) {
            return more.drainAfter(items)
                    .compose(all -> StreamedListResponse.write(
                            req.ctx(),
                            format.contentType(),
                            streamedList(format, tables(), include, head, all, null, item, compactItem, rowItem),
                            sourceBytes));
        }
        StreamedBody body = streamedList(format, tables(), include, head, items, more, item, compactItem, rowItem);
        return StreamedListResponse.write(req.ctx(), format.contentType(), body, sourceBytes);
    }

    /**
     * The encoder of {@link #writeListStreamed}: the bytes of {@link #encode encoding} the {@link #convertedList} of
     * the whole list, the items after {@code items} brought by {@code more} (null: none) and encoded as if they had
     * been in the list.
     *
     * @param compactItem see {@link #writeListStreamed}; null for none
     * @param rowItem a Table's rows made from the part of each item its cells read (the same rows), not from the
     *     whole item; null for none
     * @throws cloud.gardener.apiserver.api.meta.ApiException 400 for a bad {@code includeObject}
     * @throws IllegalArgumentException for protobuf with more items (bring them first: its encoder measures them)
     */
    static <T> StreamedBody streamedList(
            OutputFormat format,
            TableConvertor tables,
            String includeObject,
            ObjectNode head,
            List<T> items,
            MoreItems<T> more,
            Function<T, JsonNode> item,
            ListEncoder.CompactItem<T> compactItem,
            RowItem<T> rowItem) {
        JsonNode listMeta = head.get("metadata");
        String version = format.targetVersion();
        ObjectNode document;
        String arrayField;
        Function<T, JsonNode> converted;
        switch (format.target()) {
            case TABLE -> {
                IncludeObject include = IncludeObject.parse(includeObject);
                document = tables.tableHead(listMeta, null, version, true, items.isEmpty());
                arrayField = "rows";
                RowReads reads = include == IncludeObject.OBJECT ? null : tables.rowReads();
                converted = reads == null || rowItem == null
                        ? source -> tables.tableRow(item.apply(source), include, version)
                        : source -> {
                            JsonNode part = rowItem.read(source, reads);
                            return tables.tableRow(part != null ? part : item.apply(source), include, version);
                        };
            }
            case PARTIAL_OBJECT_METADATA_LIST -> {
                document = PartialObjects.listHead(listMeta, version, items.isEmpty());
                arrayField = "items";
                converted = source -> PartialObjects.of(item.apply(source), version);
            }
            default -> {
                document = head;
                arrayField = "items";
                converted = item;
            }
        }
        return switch (format.encoding()) {
            case YAML -> withMore(new ListEncoder<>(Json.YAML, false, document, arrayField, items, converted), more);
            case PROTOBUF -> {
                if (more != null) {
                    throw new IllegalArgumentException("a protobuf list is encoded from all its items");
                }
                yield protobuf(new ProtobufListEncoder<>(document, items, converted));
            }
            default -> {
                ListEncoder<T> json = withMore(
                        new ListEncoder<>(Json.MAPPER, format.pretty(), document, arrayField, items, converted), more);
                boolean compactList = format.target() == ConversionTarget.NONE && !format.pretty();
                yield compactList && compactItem != null ? json.withCompactSlices(compactItem) : json;
            }
        };
    }

    /** Makes the part of a list's item a Table row is made from. */
    @FunctionalInterface
    public interface RowItem<T> {
        /**
         * The fields of the item that {@code reads} names, as the whole item would be presented (resourceVersion
         * included), or null for an item to make whole.
         */
        JsonNode read(T item, RowReads reads);
    }

    private static <T> ListEncoder<T> withMore(ListEncoder<T> encoder, MoreItems<T> more) {
        return more == null ? encoder : encoder.withMoreItems(more);
    }

    private static StreamedBody protobuf(ProtobufListEncoder<?> encoder) {
        return new StreamedBody() {
            @Override
            public boolean done() {
                return encoder.done();
            }

            @Override
            public Buffer next(int bytes) {
                return encoder.next(bytes);
            }
        };
    }

    private static List<ObjectNode> items(ObjectNode list) {
        java.util.ArrayList<ObjectNode> items = new java.util.ArrayList<>();
        list.path("items").forEach(i -> items.add((ObjectNode) i));
        return items;
    }

    private String includeObject() {
        return includeObject;
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
        Responses.write(req.ctx(), code, format.contentType(), encode(format, out));
    }

    /** The bytes of an answer in the negotiated encoding. */
    static byte[] encode(OutputFormat format, JsonNode out) {
        try {
            return switch (format.encoding()) {
                case YAML -> Json.YAML.writeValueAsBytes(out);
                case PROTOBUF -> ProtobufCodec.encode(out);
                default ->
                    format.pretty()
                            ? Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(out)
                            : Json.MAPPER.writeValueAsBytes(out);
            };
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
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
            out = tables().toTable(List.of(obj), null, includeObject(), format.targetVersion(), !columnsSent);
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
