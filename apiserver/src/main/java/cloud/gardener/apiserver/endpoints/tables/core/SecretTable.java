package cloud.gardener.apiserver.endpoints.tables.core;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.Cells;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code secrets}: NAME TYPE DATA (number of keys) AGE. */
public final class SecretTable extends KubePrinterTable {

    /** {@code corev1.Secret{}.SwaggerDoc()["type"]}. */
    static final String TYPE_DOC = "Used to facilitate programmatic handling of secret data. More info: "
            + "https://kubernetes.io/docs/concepts/configuration/secret/#secret-types";
    /** {@code corev1.Secret{}.SwaggerDoc()["data"]}. */
    static final String DATA_DOC = "Data contains the secret data. Each key must consist of alphanumeric characters, "
            + "'-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the "
            + "arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4";

    public SecretTable(Clock clock) {
        super(
                clock,
                NAME,
                column("Type", TYPE_DOC, "type"),
                column("Data", DATA_DOC, "len(data)", "len(stringData)"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        // stringData is merged into data on write; an object stored before that was done may still carry it
        return row(name(o), text(o, "type"), (long) Cells.mergedKeyCount(o.get("data"), o.get("stringData")), age(o));
    }
}
