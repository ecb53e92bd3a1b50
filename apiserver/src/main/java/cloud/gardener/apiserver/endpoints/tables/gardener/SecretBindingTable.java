package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.isSet;
import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code secretbindings}: NAME SECRET ({@code <namespace>/<name>}) PROVIDER ({@code <none>} when unset) AGE. */
public final class SecretBindingTable extends GardenerTableConvertor {

    public SecretBindingTable(Clock clock) {
        super(clock, NAME, column("Secret", "secretRef"), column("Provider", "provider"), AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "secretRef", "namespace") + "/" + text(o, "secretRef", "name"),
                isSet(o, "provider") ? text(o, "provider", "type") : "<none>",
                age(o));
    }
}
