package cloud.gardener.apiserver.endpoints.tables.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;
import static cloud.gardener.apiserver.endpoints.tables.Cells.name;
import static cloud.gardener.apiserver.endpoints.tables.Cells.row;
import static cloud.gardener.apiserver.endpoints.tables.Cells.textOrNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;

/** {@code backupbuckets}: NAME PROVIDER SEED OPERATION PROGRESS AGE. */
public final class BackupBucketTable extends GardenerTableConvertor {

    public BackupBucketTable(Clock clock) {
        super(
                clock,
                NAME,
                column("Provider", "spec.provider.type"),
                column("Seed", "spec.seedName"),
                column("Operation", "status.lastOperation"),
                column("Progress", "status.lastOperation.progress"),
                AGE);
    }

    @Override
    public ArrayNode cells(ObjectNode o) {
        return row(
                name(o),
                text(o, "spec", "provider", "type"),
                textOrNull(o, "spec", "seedName"),
                BackupOperation.state(o),
                BackupOperation.progress(o),
                age(o));
    }
}
