package cloud.gardener.apiserver.endpoints.tables;

import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.List;

/**
 * Converts objects to a {@code meta.k8s.io} Table ({@code rest.TableConvertor}). An implementation supplies the
 * columns and one row's cells; {@link #toTable} does the rest (metadata, row objects, headers).
 */
public interface TableConvertor {

    /** The column definitions, in order. */
    List<TableColumn> columns();

    /** The cells of one object's row, one per column (strings, numbers, booleans or null). */
    ArrayNode cells(ObjectNode object);

    /**
     * The parts of an object its row's cells read, besides its metadata, when they are not the whole object: a row
     * made from {@link RowReads#read} of the object's JSON (with its resourceVersion, as presented) is the row made
     * from the whole object, unless the row carries the whole object ({@code includeObject=Object}). Null (the
     * default) when the cells may read anything. The tables compute it from their {@linkplain Column columns}, which
     * declare what their cells read.
     */
    default RowReads rowReads() {
        return null;
    }

    /**
     * Whether an empty result has {@code "rows": null} (the default convertor, whose row slice stays nil)
     * rather than {@code []} (printer-based convertors).
     */
    default boolean nullRowsWhenEmpty() {
        return false;
    }

    /**
     * Whether a list's {@code remainingItemCount} is copied into the Table. Kubernetes' default and printer
     * convertors copy it; Gardener's copy only {@code resourceVersion} and {@code continue}.
     */
    default boolean carriesRemainingItemCount() {
        return true;
    }

    /**
     * Builds the Table.
     *
     * @param items         the objects, one row each (a single object: a one-item list)
     * @param listMetadata  the list's metadata (resourceVersion, continue, remainingItemCount are copied); null for
     *                      a single object, whose own resourceVersion is used
     * @param includeObject the raw {@code includeObject} parameter (null or empty means Metadata)
     * @param version       {@code v1} or {@code v1beta1}; the Table's and the row PartialObjectMetadata's version
     * @param withColumns   false for watch events after the first: {@code "columnDefinitions": null}
     * @throws cloud.gardener.apiserver.api.meta.ApiException 400 for a bad includeObject
     */
    default ObjectNode toTable(
            List<? extends JsonNode> items,
            JsonNode listMetadata,
            String includeObject,
            String version,
            boolean withColumns) {
        IncludeObject include = IncludeObject.parse(includeObject);
        JsonNode single = listMetadata == null && items.size() == 1 ? items.get(0) : null;
        ObjectNode table = tableHead(listMetadata, single, version, withColumns, items.isEmpty());
        if (table.get("rows") instanceof ArrayNode rows) {
            for (JsonNode item : items) {
                rows.add(tableRow(item, include, version));
            }
        }
        return table;
    }

    /**
     * The Table of {@link #toTable} without its rows: {@code "rows"} is an empty array where they go, or null for
     * an empty result of a convertor that {@linkplain #nullRowsWhenEmpty leaves it nil}.
     *
     * @param listMetadata the list's metadata, or null for a single object or a watch event
     * @param single       the single object whose resourceVersion the Table carries (without list metadata), or null
     * @param empty        whether there are no rows
     */
    default ObjectNode tableHead(
            JsonNode listMetadata, JsonNode single, String version, boolean withColumns, boolean empty) {
        ObjectNode table = JsonNodeFactory.instance.objectNode();
        table.put("kind", "Table");
        table.put("apiVersion", "meta.k8s.io/" + version);
        if (listMetadata != null) {
            ObjectNode meta = PartialObjects.listMeta(listMetadata);
            if (!carriesRemainingItemCount()) {
                meta.remove("remainingItemCount");
            }
            table.set("metadata", meta);
        } else {
            ObjectNode meta = table.putObject("metadata");
            if (single != null) {
                String rv = single.path("metadata").path("resourceVersion").asText("");
                if (!rv.isEmpty()) {
                    meta.put("resourceVersion", rv);
                }
            }
        }
        if (withColumns) {
            ArrayNode columns = table.putArray("columnDefinitions");
            for (TableColumn c : columns()) {
                ObjectNode col = columns.addObject();
                col.put("name", c.name());
                col.put("type", c.type());
                col.put("format", c.format());
                col.put("description", c.description());
                col.put("priority", c.priority());
            }
        } else {
            table.putNull("columnDefinitions");
        }
        if (empty && nullRowsWhenEmpty()) {
            table.putNull("rows");
        } else {
            table.putArray("rows");
        }
        return table;
    }

    /** One object's row: its cells and, as {@code include} says, the object, its metadata or null. */
    default ObjectNode tableRow(JsonNode item, IncludeObject include, String version) {
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        row.set("cells", cells((ObjectNode) item));
        switch (include) {
            case OBJECT -> row.set("object", item);
            case METADATA -> row.set("object", PartialObjects.of(item, version));
            case NONE -> row.putNull("object");
            default -> throw new IllegalStateException();
        }
        return row;
    }

    /**
     * The convertor for a resource, reading the system clock: Gardener's columns for Gardener's kinds,
     * kube-apiserver's for the core/v1 ones, else the default Name / Created At table (see {@link TableConvertors}).
     */
    static TableConvertor defaultFor(ResourceType type) {
        return TableConvertors.forResource(type.groupResource(), Clock.systemUTC());
    }

    /** Same as {@link PartialObjects#of(JsonNode, String)}. */
    static ObjectNode partial(JsonNode obj, String version) {
        return PartialObjects.of(obj, version);
    }

    /** Same as {@link PartialObjects#list(List, JsonNode, String)}. */
    static ObjectNode partialList(List<? extends JsonNode> items, JsonNode listMetadata, String version) {
        return PartialObjects.list(items, listMetadata, version);
    }
}
