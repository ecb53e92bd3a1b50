package cloud.gardener.apiserver.endpoints.tables;

/**
 * One {@code metav1.TableColumnDefinition}; every field is always serialized.
 *
 * @param name        the header, e.g. {@code Name}
 * @param type        {@code integer}, {@code number}, {@code string}, {@code boolean} or {@code date}
 * @param format      e.g. {@code name} for the name column, else usually empty
 * @param description what the column shows
 * @param priority    0 for default columns; above 0 only with {@code -o wide}
 */
public record TableColumn(String name, String type, String format, String description, int priority) {}
