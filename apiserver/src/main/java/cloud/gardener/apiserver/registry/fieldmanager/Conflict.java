package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.api.meta.StatusCause;
import cloud.gardener.apiserver.api.meta.StatusDetails;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A field an apply would take from another manager ({@code merge.Conflict}). */
public record Conflict(ManagerId manager, FieldPath path) {

    /**
     * The 409 of {@code NewConflictError}: one {@code FieldManagerConflict} cause per field, and a message that
     * names the single conflict or lists them by manager.
     */
    public static ApiException toApiException(List<Conflict> conflicts) {
        List<StatusCause> causes = new ArrayList<>();
        for (Conflict c : conflicts) {
            causes.add(new StatusCause(
                    "FieldManagerConflict",
                    "conflict with " + c.manager().describe(),
                    c.path().toString()));
        }
        return new ApiException(
                Status.failure(409, "Conflict", message(conflicts), StatusDetails.EMPTY.withCauses(causes)));
    }

    static String message(List<Conflict> conflicts) {
        if (conflicts.size() == 1) {
            Conflict c = conflicts.get(0);
            return "Apply failed with 1 conflict: conflict with " + c.manager().describe() + ": " + c.path();
        }
        // grouped by manager, managers in the order of their identifiers (Go sorts the identifier strings)
        Map<String, ManagerId> ids = new TreeMap<>();
        Map<ManagerId, List<FieldPath>> byManager = new LinkedHashMap<>();
        for (Conflict c : conflicts) {
            ids.put(identifier(c.manager()), c.manager());
            byManager.computeIfAbsent(c.manager(), k -> new ArrayList<>()).add(c.path());
        }
        List<String> lines = new ArrayList<>();
        for (ManagerId id : ids.values()) {
            lines.add("conflicts with " + id.describe() + ":");
            byManager.get(id).forEach(p -> lines.add("- " + p));
        }
        return "Apply failed with " + conflicts.size() + " conflicts: " + String.join("\n", lines);
    }

    /** The JSON identifier Go keys managers by ({@code {"manager":..,"operation":..,"apiVersion":..}}). */
    static String identifier(ManagerId id) {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (String[] kv : new String[][] {
            {"manager", id.manager()},
            {"operation", id.operation()},
            {"apiVersion", id.apiVersion()},
            {"subresource", id.subresource()}
        }) {
            if (!kv[1].isEmpty()) {
                sb.append(first ? "" : ",")
                        .append('"')
                        .append(kv[0])
                        .append("\":")
                        .append(cloud.gardener.apiserver.api.json.Json.toJson(kv[1]));
                first = false;
            }
        }
        return sb.append('}').toString();
    }
}
