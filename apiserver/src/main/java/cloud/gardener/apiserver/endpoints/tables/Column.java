package cloud.gardener.apiserver.endpoints.tables;

import java.util.List;

/**
 * A table column and what its cells read of an object: the one description a {@link RowReads} is computed from
 * ({@link RowReads#ofColumns}).
 *
 * @param definition the column definition the Table carries
 * @param reads      the paths the column's cells read ({@link RowReads}: dotted, {@code len(...)} for a length), or
 *                   null when they are not declared (the row is then made from the whole object)
 */
public record Column(TableColumn definition, List<String> reads) {

    public Column {
        reads = reads == null ? null : List.copyOf(reads);
    }

    /** A column whose cells read {@code reads} (metadata is always read; naming a path of it documents the cell). */
    public static Column reading(TableColumn definition, String... reads) {
        return new Column(definition, List.of(reads));
    }

    /** A column whose cells may read anything. */
    public static Column undeclared(TableColumn definition) {
        return new Column(definition, null);
    }

    /** The definitions of {@code columns}, in order. */
    public static List<TableColumn> definitions(List<Column> columns) {
        return columns.stream().map(Column::definition).toList();
    }
}
