package cloud.gardener.apiserver.endpoints.tables.gardener;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.endpoints.tables.Cells;
import com.fasterxml.jackson.databind.JsonNode;

/** The Operation and Progress cells of backup buckets and entries: the last operation's state and progress. */
final class BackupOperation {

    private BackupOperation() {}

    /** {@code status.lastOperation.state}, or {@code <pending>} without a last operation. */
    static String state(JsonNode object) {
        JsonNode op = JsonTrees.at(object, "status", "lastOperation");
        return JsonTrees.isSet(op) ? JsonTrees.text(op, "state") : "<pending>";
    }

    /** {@code status.lastOperation.progress} (a number), 0 without a last operation. */
    static long progress(JsonNode object) {
        return Cells.integer(object, "status", "lastOperation", "progress");
    }
}
