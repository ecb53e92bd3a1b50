package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Keeps {@code metadata.managedFields} for one kind, version and subresource, as the apiserver's default field
 * manager stack does ({@code k8s.io/apimachinery/pkg/util/managedfields}): writes other than apply record what they
 * changed as an {@code Update} entry of their manager, apply merges a configuration and records an {@code Apply}
 * entry, failing on conflicts unless forced. Around the core sit the same layers as upstream: metadata fields
 * nobody owns, at most {@value #MAX_UPDATE_MANAGERS} update managers, no tracking for objects that never had any
 * (except on create), a {@code before-first-apply} manager for such objects on their first apply, and kubectl's
 * upgrade from client-side apply (last-applied annotation).
 */
public final class FieldManager {

    static final int MAX_UPDATE_MANAGERS = 10;
    static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
    private static final String ANCIENT_CHANGES = "ancient-changes";
    private static final String BEFORE_FIRST_APPLY = "before-first-apply";
    private static final ManagerId CURRENT_OPERATION = new ManagerId("current-operation", "", "", "");
    /** Metadata no manager owns ({@code stripMetaManager}). */
    private static final FieldSet STRIPPED = FieldSet.of(
            FieldPath.fields("apiVersion"),
            FieldPath.fields("kind"),
            FieldPath.fields("metadata"),
            FieldPath.fields("metadata", "name"),
            FieldPath.fields("metadata", "namespace"),
            FieldPath.fields("metadata", "creationTimestamp"),
            FieldPath.fields("metadata", "selfLink"),
            FieldPath.fields("metadata", "uid"),
            FieldPath.fields("metadata", "clusterName"),
            FieldPath.fields("metadata", "generation"),
            FieldPath.fields("metadata", "managedFields"),
            FieldPath.fields("metadata", "resourceVersion"));

    private static final Map<GroupVersionKind, ObjectNode> EMPTY_OBJECTS = new ConcurrentHashMap<>();

    private final GroupVersionKind gvk;
    private final String apiVersion;
    private final String subresource;
    private final FieldType type;
    private final Updater updater;
    private final Supplier<Instant> clock;

    FieldManager(GroupVersionKind gvk, String subresource, FieldType type, Supplier<Instant> clock) {
        this.gvk = gvk;
        this.apiVersion = gvk.group().isEmpty() ? gvk.version() : gvk.group() + "/" + gvk.version();
        this.subresource = subresource == null ? "" : subresource;
        this.type = type;
        this.updater = new Updater(type);
        this.clock = clock;
    }

    /** The field manager of a kind in one version, for writes through {@code subresource} (empty: the resource). */
    public static FieldManager of(GroupVersionKind gvk, String subresource) {
        Optional<Class<?>> model = ResourceModels.of(gvk);
        return new FieldManager(
                gvk, subresource, model.map(FieldType::ofRecord).orElse(FieldType.UNTYPED), Instant::now);
    }

    /**
     * The manager a non-apply write is recorded under ({@code managerOrUserAgent}): the {@code fieldManager}, else
     * the User-Agent up to its first {@code /}, printable characters only, at most 128 bytes.
     */
    public static String managerOrUserAgent(String fieldManager, String userAgent) {
        if (fieldManager != null && !fieldManager.isEmpty()) {
            return fieldManager;
        }
        String prefix = userAgent == null ? "" : userAgent.split("/", -1)[0];
        StringBuilder out = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < prefix.length(); ) {
            int cp = prefix.codePointAt(i);
            i += Character.charCount(cp);
            if (!isPrint(cp)) {
                continue;
            }
            int len = new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes + len > 128) {
                break;
            }
            out.appendCodePoint(cp);
            bytes += len;
        }
        return out.toString();
    }

    private static boolean isPrint(int cp) {
        if (cp == ' ') {
            return true;
        }
        int t = Character.getType(cp);
        return !Character.isWhitespace(cp)
                && t != Character.CONTROL
                && t != Character.FORMAT
                && t != Character.UNASSIGNED
                && t != Character.PRIVATE_USE
                && t != Character.SURROGATE
                && t != Character.LINE_SEPARATOR
                && t != Character.PARAGRAPH_SEPARATOR
                && t != Character.SPACE_SEPARATOR;
    }

    /** The object a create starts from: the kind's zero value, as Go's {@code New()} encodes it. */
    public ObjectNode emptyObject() {
        return sharedEmptyObject().deepCopy();
    }

    /** {@link #emptyObject()} itself, for reading only: never to be changed. */
    private ObjectNode sharedEmptyObject() {
        // encoding the zero model is costly and its result never changes: encode once per kind
        return EMPTY_OBJECTS.computeIfAbsent(gvk, FieldManager::encodeEmptyObject);
    }

    private static ObjectNode encodeEmptyObject(GroupVersionKind gvk) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("kind", gvk.kind());
        out.put("apiVersion", gvk.group().isEmpty() ? gvk.version() : gvk.group() + "/" + gvk.version());
        Optional<Class<?>> model = ResourceModels.of(gvk);
        if (model.isPresent()) {
            ObjectNode zero = ModelCodec.encode(RecordModel.of(model.get()).zero());
            zero.properties().forEach(e -> {
                if (!e.getKey().equals("kind") && !e.getKey().equals("apiVersion")) {
                    out.set(e.getKey(), e.getValue());
                }
            });
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------ update

    /**
     * A create, update or non-apply patch ({@code UpdateNoErrors}): {@code newObj} gets the managed fields that
     * record what {@code manager} changed relative to {@code live}. Never fails: on trouble the live object's
     * managed fields are kept.
     *
     * @param live   the stored object in this version, or null for a create
     * @param newObj the object to be written (changed in place and returned)
     */
    public ObjectNode update(ObjectNode live, ObjectNode newObj, String manager) {
        // an update only reads the live object: a create's is the shared empty one
        ObjectNode liveObj = live == null ? sharedEmptyObject() : live;
        JsonNode liveEntries = ObjectTrees.meta(liveObj).get("managedFields");
        try {
            ManagedFields managed = decodeLiveOrNew(liveObj, newObj);
            ObjectTrees.meta(newObj).remove("managedFields");
            if (managed.isEmpty() && !ObjectTrees.uid(liveObj).isEmpty()) {
                // an object nobody tracked stays untracked until it is applied to
                return newObj;
            }
            ManagerId id =
                    new ManagerId(manager.isEmpty() ? "unknown" : manager, ManagerId.UPDATE, apiVersion, subresource);
            managed = live == null && managed.isEmpty()
                    ? created(liveObj, newObj, id)
                    : updateTracked(liveObj, newObj, managed, id);
            setManagedFields(newObj, managed);
            return newObj;
        } catch (RuntimeException e) {
            if (liveEntries == null) {
                ObjectTrees.meta(newObj).remove("managedFields");
            } else {
                ObjectTrees.meta(newObj).set("managedFields", liveEntries.deepCopy());
            }
            return newObj;
        }
    }

    private ManagedFields decodeLiveOrNew(ObjectNode live, ObjectNode newObj) {
        if (!subresource.isEmpty()) {
            return decodeOrEmpty(ObjectTrees.meta(live).get("managedFields"));
        }
        JsonNode requested = ObjectTrees.meta(newObj).get("managedFields");
        if (ManagedFields.isReset(requested)) {
            return new ManagedFields();
        }
        try {
            ManagedFields managed = ManagedFields.decode(requested);
            if (!managed.isEmpty()) {
                return managed;
            }
        } catch (IllegalArgumentException e) {
            // fall back to the live object's, so clients that do not understand managedFields cannot drop them
        }
        return decodeOrEmpty(ObjectTrees.meta(live).get("managedFields"));
    }

    private static ManagedFields decodeOrEmpty(JsonNode entries) {
        try {
            return ManagedFields.decode(entries);
        } catch (IllegalArgumentException e) {
            return new ManagedFields();
        }
    }

    /** capManagers, then managedFieldsUpdater around stripMeta around the structured update. */
    private ManagedFields updateTracked(JsonNode live, JsonNode newObj, ManagedFields managed, ManagerId manager) {
        // the update compares the two objects and keeps neither (its result's object is newObj's copy, unused here)
        Updater.Result r = updater.update(
                stripForReading(live), stripForReading(newObj), apiVersion, managed.fields(), CURRENT_OPERATION);
        Map<ManagerId, VersionedSet> fields = new LinkedHashMap<>(r.managers());
        stripMeta(fields, CURRENT_OPERATION);
        ManagedFields out = new ManagedFields();
        out.fields().putAll(fields);
        out.times().putAll(managed.times());
        VersionedSet self = out.fields().remove(CURRENT_OPERATION);
        if (self != null) {
            VersionedSet previous = out.fields().get(manager);
            out.fields()
                    .put(
                            manager,
                            previous == null
                                    ? self
                                    : new VersionedSet(
                                            self.set().union(previous.set()), self.apiVersion(), self.applied()));
            out.times().put(manager, now());
        }
        capUpdateManagers(out);
        out.times().keySet().retainAll(out.fields().keySet());
        return out;
    }

    /**
     * {@link #updateTracked} of a create that brings no managed fields: with no other manager, the one writing owns
     * what it changed from the empty object, less the metadata nobody owns, found in one walk.
     */
    private ManagedFields created(JsonNode empty, JsonNode newObj, ManagerId manager) {
        FieldSet set = TypedValues.changedFields(stripForReading(empty), stripForReading(newObj), type)
                .difference(STRIPPED);
        ManagedFields out = new ManagedFields();
        if (!set.isEmpty()) {
            out.fields().put(manager, new VersionedSet(set, apiVersion, false));
            out.times().put(manager, now());
        }
        return out;
    }

    /** The object as the managers see it: without its managed fields. */
    private static JsonNode strip(JsonNode obj) {
        JsonNode meta = obj.get("metadata");
        if (meta instanceof ObjectNode m && m.has("managedFields")) {
            ObjectNode copy = (ObjectNode) obj.deepCopy();
            ((ObjectNode) copy.get("metadata")).remove("managedFields");
            return copy;
        }
        return obj;
    }

    /**
     * {@link #strip} for a comparison, which only reads: the object and its metadata copied shallowly (every other
     * node shared), not the whole tree.
     */
    private static JsonNode stripForReading(JsonNode obj) {
        if (obj instanceof ObjectNode o && o.get("metadata") instanceof ObjectNode m && m.has("managedFields")) {
            ObjectNode metaCopy = m.objectNode();
            metaCopy.setAll(m);
            metaCopy.remove("managedFields");
            ObjectNode copy = o.objectNode();
            copy.setAll(o);
            copy.set("metadata", metaCopy);
            return copy;
        }
        return obj;
    }

    private static void stripMeta(Map<ManagerId, VersionedSet> fields, ManagerId manager) {
        VersionedSet vs = fields.get(manager);
        if (vs != null) {
            FieldSet set = vs.set().difference(STRIPPED);
            if (set.isEmpty()) {
                fields.remove(manager);
            } else {
                fields.put(manager, new VersionedSet(set, vs.apiVersion(), vs.applied()));
            }
        }
    }

    /** At most ten update managers: the oldest are merged into {@code ancient-changes} of their version. */
    private static void capUpdateManagers(ManagedFields managed) {
        int updateManagers = 0;
        for (VersionedSet set : managed.fields().values()) {
            updateManagers += set.applied() ? 0 : 1;
        }
        if (updateManagers <= MAX_UPDATE_MANAGERS) {
            // the common case, on every write: nothing to merge, no list to build
            return;
        }
        List<ManagerId> updaters = new java.util.ArrayList<>(managed.fields().entrySet().stream()
                .filter(e -> !e.getValue().applied())
                .map(Map.Entry::getKey)
                .toList());
        if (updaters.size() <= MAX_UPDATE_MANAGERS) {
            return;
        }
        updaters.sort(java.util.Comparator.<ManagerId>comparingLong(
                        m -> seconds(managed.times().get(m)))
                .thenComparing(Conflict::identifier));
        Map<String, ManagerId> firstOfVersion = new LinkedHashMap<>();
        int length = updaters.size();
        for (int i = 0; i < updaters.size() && length > MAX_UPDATE_MANAGERS; i++) {
            ManagerId m = updaters.get(i);
            VersionedSet vs = managed.fields().get(m);
            String time = managed.times().get(m);
            ManagerId bucket = new ManagerId(ANCIENT_CHANGES, ManagerId.UPDATE, vs.apiVersion(), "");
            ManagerId first = firstOfVersion.get(vs.apiVersion());
            if (first == null) {
                firstOfVersion.put(vs.apiVersion(), m);
                continue;
            }
            if (!managed.fields().containsKey(bucket)) {
                managed.fields().put(bucket, managed.fields().remove(first));
            }
            managed.fields()
                    .put(
                            bucket,
                            new VersionedSet(
                                    vs.set().union(managed.fields().get(bucket).set()), vs.apiVersion(), vs.applied()));
            managed.fields().remove(m);
            length--;
            if (time != null) {
                managed.times().put(bucket, time);
            }
        }
    }

    private static long seconds(String time) {
        try {
            return time == null ? 0 : Instant.parse(time).getEpochSecond();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private String now() {
        return ObjectTrees.format(clock.get().truncatedTo(ChronoUnit.SECONDS));
    }

    private static void setManagedFields(ObjectNode obj, ManagedFields managed) {
        if (managed.isEmpty()) {
            ObjectTrees.meta(obj).remove("managedFields");
        } else {
            ObjectTrees.meta(obj).set("managedFields", managed.encode());
        }
    }

    // ------------------------------------------------------------------------------------------ apply

    /**
     * A server-side apply: merges {@code config} into {@code live} and records {@code manager}'s ownership.
     *
     * @param live the stored object in this version, or null when the apply creates the object
     * @return the object to write (the live object, managed fields aside, when nothing changed)
     * @throws ApiException 409 on conflicts without {@code force}; 400 for configurations that cannot be applied
     */
    public ObjectNode apply(ObjectNode live, ObjectNode config, String manager, boolean force) {
        ObjectNode liveObj = live == null ? emptyObject() : live;
        ManagedFields managed;
        try {
            managed = ManagedFields.decode(ObjectTrees.meta(liveObj).get("managedFields"));
        } catch (IllegalArgumentException e) {
            throw ApiException.unknown("failed to decode managed fields: " + e.getMessage());
        }
        String configVersion = JsonTrees.text(config, "apiVersion");
        String configKind = JsonTrees.text(config, "kind");
        if (!configVersion.equals(apiVersion) || !configKind.equals(gvk.kind())) {
            throw ApiException.badRequest("invalid object type: " + goGvk(configVersion, configKind));
        }
        ObjectNode result;
        try {
            result = applyUpgradingClientSideApply(liveObj, config, managed, manager, force);
        } catch (ApplyConflictException e) {
            throw Conflict.toApiException(e.conflicts());
        }
        if ("kubectl".equals(manager) && lastApplied(liveObj) != null) {
            // lastAppliedUpdater: kubectl's server-side apply keeps the client-side annotation in step
            ObjectNode lastApplied = config.deepCopy();
            JsonNode annotations = ObjectTrees.meta(lastApplied).get("annotations");
            if (annotations instanceof ObjectNode a) {
                a.remove(LAST_APPLIED);
                if (a.isEmpty()) {
                    ObjectTrees.meta(lastApplied).remove("annotations");
                }
            }
            ObjectTrees.meta(result).withObjectProperty("annotations").put(LAST_APPLIED, Json.toJson(lastApplied));
        }
        return result;
    }

    /** {@code lastAppliedManager}: kubectl may take fields its last client-side apply set and nobody changed. */
    private ObjectNode applyUpgradingClientSideApply(
            ObjectNode live, ObjectNode config, ManagedFields managed, String manager, boolean force) {
        try {
            return applyTracked(live, config, managed, manager, force);
        } catch (ApplyConflictException e) {
            if (!"kubectl".equals(manager)) {
                throw e;
            }
            FieldSet allowed = allowedConflictsFromLastApplied(live);
            if (allowed == null) {
                throw e;
            }
            List<Conflict> remaining =
                    e.conflicts().stream().filter(c -> !allowed.has(c.path())).toList();
            if (!remaining.isEmpty()) {
                throw new ApplyConflictException(remaining);
            }
            return applyTracked(live, config, managed, manager, true);
        }
    }

    private FieldSet allowedConflictsFromLastApplied(ObjectNode live) {
        String text = lastApplied(live);
        if (text == null || text.isEmpty()) {
            return null;
        }
        JsonNode lastApplied;
        try {
            lastApplied = Json.MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            return null;
        }
        if (!(lastApplied instanceof ObjectNode)
                || !JsonTrees.text(lastApplied, "apiVersion").equals(apiVersion)
                || !TypedValues.validate(lastApplied, type).isEmpty()) {
            return null;
        }
        try {
            FieldSet set = TypedValues.toFieldSet(lastApplied, type);
            Comparison c = TypedValues.compare(lastApplied, strip(live), type);
            return set.difference(c.modified()).difference(c.added()).difference(c.removed());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String lastApplied(ObjectNode obj) {
        JsonNode v = ObjectTrees.meta(obj).path("annotations").get(LAST_APPLIED);
        return v == null || !v.isTextual() || v.asText().isEmpty() ? null : v.asText();
    }

    /** skipNonApplied (a first apply adopts what exists as before-first-apply), then the applier's layers. */
    private ObjectNode applyTracked(
            ObjectNode live, ObjectNode config, ManagedFields managed, String manager, boolean force) {
        ManagedFields current = managed;
        if (current.isEmpty()) {
            current = updateTracked(
                    emptyObject(),
                    live,
                    current,
                    new ManagerId(BEFORE_FIRST_APPLY, ManagerId.UPDATE, apiVersion, subresource));
        }
        ManagerId id = new ManagerId(manager, ManagerId.APPLY, apiVersion, subresource);
        if (ObjectTrees.meta(config).get("managedFields") instanceof com.fasterxml.jackson.databind.node.ArrayNode) {
            throw ApiException.badRequest("metadata.managedFields must be nil");
        }
        List<String> errors = TypedValues.validate(config, type);
        if (!errors.isEmpty()) {
            // Upstream's 500, kept on purpose: structuredmerge.go returns this as a plain error, which
            // ErrorToAPIStatus answers with 500 and no reason (kubernetes/kubernetes#122480, #139253).
            throw ApiException.unknown("failed to create typed patch object (" + ObjectTrees.namespace(config) + "/"
                    + ObjectTrees.name(config) + "; " + goGvk(apiVersion, gvk.kind()) + "): "
                    + String.join("\n", errors));
        }
        Updater.Result r;
        try {
            r = updater.apply(strip(live), config, apiVersion, current.fields(), id, force);
        } catch (IllegalArgumentException e) {
            throw ApiException.unknown("failed to merge config: " + e.getMessage());
        }
        Map<ManagerId, VersionedSet> fields = new LinkedHashMap<>(r.managers());
        stripMeta(fields, id);
        ManagedFields out = new ManagedFields();
        out.fields().putAll(fields);
        out.times().putAll(current.times());
        ObjectNode object;
        if (r.object() != null) {
            out.times().put(id, now());
            object = (ObjectNode) r.object();
        } else {
            object = (ObjectNode) strip(live).deepCopy();
        }
        out.times().keySet().retainAll(out.fields().keySet());
        setManagedFields(object, out);
        return object;
    }

    /** A GroupVersionKind as Go prints it: {@code core.gardener.cloud/v1beta1, Kind=Shoot}. */
    private static String goGvk(String apiVersion, String kind) {
        String gv = apiVersion.contains("/") ? apiVersion : "/" + apiVersion;
        if (apiVersion.isEmpty()) {
            gv = "/";
        }
        return gv + ", Kind=" + kind;
    }
}
