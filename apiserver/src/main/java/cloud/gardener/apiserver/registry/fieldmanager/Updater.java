package cloud.gardener.apiserver.registry.fieldmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Field ownership as structured-merge-diff's {@code merge.Updater} computes it, for one API version: an update
 * takes what it changed from everyone else; an apply merges its configuration, prunes what it applied before and
 * no longer does (unless someone else owns it), and fails on fields other managers own with another value.
 */
final class Updater {

    private final FieldType type;

    Updater(FieldType type) {
        this.type = type;
    }

    /** Result of an update or apply: the new object (null when an apply changed nothing) and the managers. */
    record Result(JsonNode object, Map<ManagerId, VersionedSet> managers) {}

    private Map<ManagerId, VersionedSet> update(
            JsonNode oldObject,
            JsonNode newObject,
            Map<ManagerId, VersionedSet> managers,
            ManagerId workflow,
            boolean force,
            Comparison[] compareOut) {
        Comparison compare = TypedValues.compare(oldObject, newObject, type);
        compareOut[0] = compare;
        FieldSet changed = null; // only other managers need it: none on a create
        Map<ManagerId, FieldSet> conflicts = new LinkedHashMap<>();
        for (Map.Entry<ManagerId, VersionedSet> e : managers.entrySet()) {
            if (e.getKey().equals(workflow)) {
                continue;
            }
            if (changed == null) {
                changed = compare.modified().union(compare.added());
            }
            FieldSet conflictSet = e.getValue().set().intersection(changed);
            if (!conflictSet.isEmpty()) {
                conflicts.put(e.getKey(), conflictSet);
            }
        }
        if (!force && !conflicts.isEmpty()) {
            List<Conflict> list = new ArrayList<>();
            conflicts.forEach((m, s) -> s.forEach(p -> list.add(new Conflict(m, p))));
            throw new ApplyConflictException(list);
        }
        Map<ManagerId, VersionedSet> out = new LinkedHashMap<>();
        managers.forEach((m, vs) -> {
            FieldSet set = vs.set();
            if (!m.equals(workflow)) {
                FieldSet c = conflicts.get(m);
                if (c != null) {
                    set = set.difference(c);
                }
                set = set.difference(compare.removed());
            }
            if (!set.isEmpty()) {
                out.put(m, new VersionedSet(set, vs.apiVersion(), vs.applied()));
            }
        });
        return out;
    }

    /** {@code Updater.Update}: the manager owns what it changed, on top of what it owned and did not remove. */
    Result update(
            JsonNode liveObject,
            JsonNode newObject,
            String version,
            Map<ManagerId, VersionedSet> managers,
            ManagerId manager) {
        Comparison[] compare = new Comparison[1];
        Map<ManagerId, VersionedSet> out = update(liveObject, newObject, managers, manager, true, compare);
        VersionedSet previous = out.get(manager);
        // without a previous set the difference and the first union only copy: union the changes directly
        FieldSet set = previous == null
                ? compare[0].modified().union(compare[0].added())
                : previous.set()
                        .difference(compare[0].removed())
                        .union(compare[0].modified())
                        .union(compare[0].added());
        if (set.isEmpty()) {
            out.remove(manager);
        } else {
            out.put(manager, new VersionedSet(set, version, false));
        }
        return new Result(newObject, out);
    }

    /** {@code Updater.Apply}. */
    Result apply(
            JsonNode liveObject,
            JsonNode configObject,
            String version,
            Map<ManagerId, VersionedSet> managers,
            ManagerId manager,
            boolean force) {
        JsonNode newObject = TypedValues.merge(liveObject, configObject, type);
        VersionedSet lastSet = managers.get(manager);
        FieldSet set = TypedValues.toFieldSet(configObject, type);
        Map<ManagerId, VersionedSet> withNew = new LinkedHashMap<>(managers);
        withNew.put(manager, new VersionedSet(set, version, true));
        newObject = prune(newObject, withNew, lastSet);
        Map<ManagerId, VersionedSet> out = update(liveObject, newObject, withNew, manager, force, new Comparison[1]);
        if (JsonValues.equal(liveObject, newObject)) {
            newObject = null;
        }
        return new Result(newObject, out);
    }

    /**
     * Removes a field or item iff the applier applied it last time, did not apply it this time, and no other
     * manager owns it; fields that prune would take but someone owns are added back.
     */
    private JsonNode prune(JsonNode merged, Map<ManagerId, VersionedSet> managers, VersionedSet lastSet) {
        if (lastSet == null || lastSet.set().isEmpty()) {
            return merged;
        }
        FieldSet last = lastSet.set().ensureNamedFieldsAreMembers(type);
        JsonNode pruned = removeItems(merged, last);
        // add back owned items
        FieldSet managed = new FieldSet();
        for (VersionedSet vs : managers.values()) {
            managed = managed.union(vs.set());
        }
        FieldSet mergedSet = named(merged);
        pruned = removeItems(
                merged, mergedSet.difference(named(pruned).union(managed.ensureNamedFieldsAreMembers(type))));
        // add back dangling items: remove only what the applier owned before
        return removeItems(merged, mergedSet.difference(named(pruned)).intersection(last));
    }

    private FieldSet named(JsonNode v) {
        return TypedValues.toFieldSet(v, type).ensureNamedFieldsAreMembers(type);
    }

    private JsonNode removeItems(JsonNode v, FieldSet set) {
        JsonNode out = TypedValues.removeItems(v, set, type);
        return out == null || out.isNull()
                ? new ObjectNode(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance)
                : out;
    }
}
