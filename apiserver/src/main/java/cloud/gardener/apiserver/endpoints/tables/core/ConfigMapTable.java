package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;
import static cloud.gardener.apiserver.endpoints.tables.Cells.size;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code configmaps}: NAME DATA (keys of data plus binaryData) AGE. */
public final class ConfigMapTable extends KubePrinterTable {

    /** {@code corev1.ConfigMap{}.SwaggerDoc()["data"]}. */
    static final String DATA_DOC = "Data contains the configuration data. Each key must consist of alphanumeric "
            + "characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The "
            + "keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during "
            + "validation process.";

    public ConfigMapTable(Clock clock) {
        super(clock, NAME, column("Data", DATA_DOC, "len(data)", "len(binaryData)"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(name(o), (long) (size(o, "data") + size(o, "binaryData")), age(o));
    }
}
