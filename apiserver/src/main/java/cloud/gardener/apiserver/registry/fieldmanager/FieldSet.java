package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A set of field paths as structured-merge-diff keeps it ({@code fieldpath.Set}): the path elements that are
 * members at this level, and the sets below the elements that have children. A path is in the set when its last
 * element is a member of the set its prefix leads to; a parent is not implied by its children. The set algebra
 * works on exact paths only. Mutable while it is being built (by {@link #insert}), never changed once an operation
 * has read it: the operations answer new sets that share with their operands the sets below an element only one
 * operand has (a create's managed set is its whole comparison's added set, which is then not copied level by level).
 */
public final class FieldSet {

    private final NavigableSet<PathElement> members = new TreeSet<>();
    private final NavigableMap<PathElement, FieldSet> children = new TreeMap<>();

    public static FieldSet of(FieldPath... paths) {
        FieldSet s = new FieldSet();
        for (FieldPath p : paths) {
            s.insert(p);
        }
        return s;
    }

    public void insert(FieldPath path) {
        insert(path.elements());
    }

    /** Inserts the path {@code pes} spells (not kept: walks that reuse one list of elements need no copy). */
    void insert(List<PathElement> pes) {
        FieldSet at = this;
        for (int i = 0; i < pes.size() - 1; i++) {
            at = at.children.computeIfAbsent(pes.get(i), k -> new FieldSet());
        }
        if (!pes.isEmpty()) {
            at.members.add(pes.get(pes.size() - 1));
        }
    }

    public boolean has(FieldPath path) {
        FieldSet at = this;
        List<PathElement> pes = path.elements();
        if (pes.isEmpty()) {
            return false;
        }
        for (int i = 0; i < pes.size() - 1; i++) {
            at = at.children.get(pes.get(i));
            if (at == null) {
                return false;
            }
        }
        return at.members.contains(pes.get(pes.size() - 1));
    }

    public boolean isEmpty() {
        if (!members.isEmpty()) {
            return false;
        }
        for (FieldSet c : children.values()) {
            if (!c.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** The set below {@code pe} (empty when there is none). */
    public FieldSet withPrefix(PathElement pe) {
        FieldSet c = children.get(pe);
        return c == null ? new FieldSet() : c;
    }

    /** Whether {@code pe} is a member at this level. */
    boolean hasMember(PathElement pe) {
        return members.contains(pe);
    }

    NavigableSet<PathElement> members() {
        return members;
    }

    NavigableMap<PathElement, FieldSet> children() {
        return children;
    }

    public FieldSet union(FieldSet other) {
        FieldSet out = new FieldSet();
        out.members.addAll(members);
        out.members.addAll(other.members);
        out.children.putAll(children);
        // a set below an element both have is their union, one only one side has is shared
        other.children.forEach((pe, c) -> out.children.merge(pe, c, FieldSet::union));
        return out;
    }

    public FieldSet intersection(FieldSet other) {
        FieldSet out = new FieldSet();
        for (PathElement pe : members) {
            if (other.members.contains(pe)) {
                out.members.add(pe);
            }
        }
        children.forEach((pe, c) -> {
            FieldSet o = other.children.get(pe);
            if (o != null) {
                FieldSet i = c.intersection(o);
                if (!i.isEmpty()) {
                    out.children.put(pe, i);
                }
            }
        });
        return out;
    }

    /** The paths of this set that {@code other} does not hold (exact paths: a member does not remove children). */
    public FieldSet difference(FieldSet other) {
        FieldSet out = new FieldSet();
        for (PathElement pe : members) {
            if (!other.members.contains(pe)) {
                out.members.add(pe);
            }
        }
        children.forEach((pe, c) -> {
            FieldSet o = other.children.get(pe);
            FieldSet d = o == null ? c : c.difference(o);
            if (!d.isEmpty()) {
                out.children.put(pe, d);
            }
        });
        return out;
    }

    /** Every path of the set: each level's members first, then the levels below, all in order. */
    public void forEach(Consumer<FieldPath> action) {
        forEach(new ArrayList<>(), action);
    }

    private void forEach(List<PathElement> prefix, Consumer<FieldPath> action) {
        for (PathElement pe : members) {
            prefix.add(pe);
            action.accept(new FieldPath(prefix));
            prefix.remove(prefix.size() - 1);
        }
        children.forEach((pe, c) -> {
            prefix.add(pe);
            c.forEach(prefix, action);
            prefix.remove(prefix.size() - 1);
        });
    }

    public List<FieldPath> paths() {
        List<FieldPath> out = new ArrayList<>();
        forEach(out::add);
        return out;
    }

    /**
     * This set with every named struct field that has children also made a member
     * ({@code EnsureNamedFieldsAreMembers}), so that removing the set removes those fields whole.
     */
    FieldSet ensureNamedFieldsAreMembers(FieldType type) {
        FieldSet out = new FieldSet();
        out.members.addAll(members);
        children.forEach((pe, c) -> {
            FieldType childType = FieldType.UNTYPED;
            if (pe.kind() == PathElement.Kind.FIELD && type.isMap()) {
                if (type.declares(pe.field())) {
                    out.members.add(pe);
                }
                childType = type.fieldType(pe.field());
            } else if (pe.kind() == PathElement.Kind.KEY && type.isList()) {
                childType = type.element();
            }
            out.children.put(pe, c.ensureNamedFieldsAreMembers(childType));
        });
        return out;
    }

    // ------------------------------------------------------------------------------------ FieldsV1

    /** The FieldsV1 form: members map to {@code {}}, an element that is both member and parent carries {@code "."}. */
    public ObjectNode toFieldsV1() {
        ObjectNode out = Json.MAPPER.createObjectNode();
        write(out, false);
        return out;
    }

    private void write(ObjectNode out, boolean includeSelf) {
        if (includeSelf && !(members.isEmpty() && children.isEmpty())) {
            out.putObject(".");
        }
        // members and children are both sorted: merge them in order rather than collecting them into one more set
        Iterator<PathElement> m = members.iterator();
        Iterator<Map.Entry<PathElement, FieldSet>> c = children.entrySet().iterator();
        PathElement member = m.hasNext() ? m.next() : null;
        Map.Entry<PathElement, FieldSet> child = c.hasNext() ? c.next() : null;
        while (member != null || child != null) {
            int order = member == null ? 1 : child == null ? -1 : member.compareTo(child.getKey());
            if (order < 0) {
                out.putObject(member.serialize());
                member = m.hasNext() ? m.next() : null;
            } else {
                child.getValue().write(out.putObject(child.getKey().serialize()), order == 0);
                if (order == 0) {
                    member = m.hasNext() ? m.next() : null;
                }
                child = c.hasNext() ? c.next() : null;
            }
        }
    }

    /**
     * Parses the FieldsV1 form.
     *
     * @throws IllegalArgumentException when it is not a valid field set
     */
    public static FieldSet fromFieldsV1(JsonNode fields) {
        if (fields == null || fields.isNull()) {
            return new FieldSet();
        }
        if (!fields.isObject()) {
            throw new IllegalArgumentException("expected an object");
        }
        FieldSet out = new FieldSet();
        for (Iterator<Map.Entry<String, JsonNode>> it = fields.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(".")) {
                continue;
            }
            PathElement pe = PathElement.deserialize(e.getKey());
            JsonNode v = e.getValue();
            if (!v.isObject()) {
                throw new IllegalArgumentException("expected an object for " + e.getKey());
            }
            if (v.isEmpty()) {
                out.members.add(pe);
                continue;
            }
            if (v.has(".")) {
                out.members.add(pe);
            }
            FieldSet child = fromFieldsV1(v);
            if (!child.isEmpty()) {
                out.children.merge(pe, child, FieldSet::union);
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSet s && members.equals(s.members) && children.equals(s.children);
    }

    @Override
    public int hashCode() {
        return members.hashCode() * 31 + children.hashCode();
    }

    @Override
    public String toString() {
        return Json.toJson(toFieldsV1());
    }
}
