package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import cloud.gardener.apiserver.endpoints.tables.RowReads;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.List;

/** {@code secretbindings}: NAME SECRET ({@code <namespace>/<name>}) PROVIDER ({@code <none>} when unset) AGE. */
public final class SecretBindingTable extends GardenerTableConvertor {

    public SecretBindingTable(Clock clock) {
        super(clock, NAME, column("Secret"), column("Provider"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "secretRef", "namespace") + "/" + text(o, "secretRef", "name"),
                isSet(o, "provider") ? text(o, "provider", "type") : "<none>",
                age(o));
    }

    @Override
    public RowReads rowReads() {
        return RowReads.of(List.of("secretRef", "provider"), List.of());
    }
}
