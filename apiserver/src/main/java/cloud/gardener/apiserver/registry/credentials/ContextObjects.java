package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.registry.ListQuery;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resolves a TokenRequest's context object into the objects the token speaks for, as Gardener's
 * {@code resolveContextObject}: a Shoot brings its Seed and Project, a BackupBucket its Seed, a BackupEntry its
 * BackupBucket, Seed and (when the entry is named for it) its Shoot and Project. The UID given must be the real
 * object's. The result maps the {@code gardener.cloud} claim's keys to {@code {name, namespace?, uid}}.
 */
final class ContextObjects {

    private static final String CORE = StandardResources.CORE;
    private static final String BACKUP_SOURCE_PREFIX = "source";
    private static final String BACKUP_ENTRY_DELIMITER = "--";

    private final StoreReads reads;

    ContextObjects(StoreReads reads) {
        this.reads = reads;
    }

    /** A failure to resolve; the caller reports it as Gardener does, wrapped, as a 500. */
    static final class ResolutionException extends RuntimeException {
        ResolutionException(String message) {
            super(message, null, false, false);
        }
    }

    /** @param context the request's {@code spec.contextObject} */
    Future<Map<String, ObjectNode>> resolve(JsonNode context) {
        GroupVersionKind gvk = GroupVersionKind.of(
                context.path("apiVersion").asText(""), context.path("kind").asText(""));
        String group = gvk.group();
        String version = gvk.version();
        String kind = gvk.kind();
        String name = context.path("name").asText("");
        String namespace = context.path("namespace").asText("");
        String uid = context.path("uid").asText("");
        Map<String, ObjectNode> refs = new TreeMap<>();
        if (!CORE.equals(group)) {
            return unsupported(group, version, kind);
        }
        return switch (kind) {
            case "Shoot" ->
                get("shoots", "shoot", namespace, name)
                        .compose(shoot -> sameUid(shoot, uid, "Shoot"))
                        .compose(shoot -> {
                            refs.put("shoot", ref(shoot, true));
                            return seedOf(shoot, refs)
                                    .compose(v -> projectOf(
                                            shoot.path("metadata")
                                                    .path("namespace")
                                                    .asText(""),
                                            refs));
                        })
                        .map(v -> refs);
            case "Seed" ->
                get("seeds", "seed", "", name)
                        .compose(seed -> sameUid(seed, uid, "Seed"))
                        .map(seed -> {
                            refs.put("seed", ref(seed, false));
                            return refs;
                        });
            case "BackupBucket" ->
                get("backupbuckets", "backupbucket", "", name)
                        .compose(bucket -> sameUid(bucket, uid, "BackupBucket"))
                        .compose(bucket -> {
                            refs.put("backupBucket", ref(bucket, false));
                            return seedOf(bucket, refs);
                        })
                        .map(v -> refs);
            case "BackupEntry" ->
                get("backupentries", "backupentry", namespace, name)
                        .compose(entry -> sameUid(entry, uid, "BackupEntry"))
                        .compose(entry -> {
                            refs.put("backupEntry", ref(entry, true));
                            return get(
                                            "backupbuckets",
                                            "backupbucket",
                                            "",
                                            entry.path("spec")
                                                    .path("bucketName")
                                                    .asText(""))
                                    .compose(bucket -> {
                                        refs.put("backupBucket", ref(bucket, false));
                                        return seedOf(entry, refs);
                                    })
                                    .compose(v -> shootOfBackupEntry(entry, name, refs));
                        })
                        .map(v -> refs);
            default -> unsupported(group, version, kind);
        };
    }

    private static <T> Future<T> unsupported(String group, String version, String kind) {
        // schema.GroupVersionKind.String()
        return Future.failedFuture(new ResolutionException(
                "unsupported GVK for context object: " + group + "/" + version + ", Kind=" + kind));
    }

    private Future<ObjectNode> get(String plural, String singular, String namespace, String name) {
        return reads.find(CORE, plural, namespace, name)
                .map(found ->
                        found.orElseThrow(() -> new ResolutionException(NotFoundMessages.of(singular, CORE, name))));
    }

    private static Future<ObjectNode> sameUid(ObjectNode obj, String uid, String kind) {
        String real = obj.path("metadata").path("uid").asText("");
        if (!real.equals(uid)) {
            return Future.failedFuture(new ResolutionException(
                    "uid of contextObject (" + uid + ") and real world " + kind + " resource (" + real + ") differ"));
        }
        return Future.succeededFuture(obj);
    }

    /** The Seed named in {@code spec.seedName}, when there is one. */
    private Future<Void> seedOf(ObjectNode obj, Map<String, ObjectNode> refs) {
        String seedName = obj.path("spec").path("seedName").asText("");
        if (!obj.path("spec").hasNonNull("seedName")) {
            return Future.succeededFuture();
        }
        return get("seeds", "seed", "", seedName).map(seed -> {
            refs.put("seed", ref(seed, false));
            return null;
        });
    }

    /** Gardener's {@code ProjectForNamespaceFromLister}: the project whose {@code spec.namespace} it is. */
    private Future<Void> projectOf(String namespace, Map<String, ObjectNode> refs) {
        return reads.store(CORE, "projects").list("", ListQuery.all()).map(list -> {
            for (ObjectNode project : list.items()) {
                if (namespace.equals(project.path("spec").path("namespace").asText(null))) {
                    refs.put("project", ref(project, false));
                    return null;
                }
            }
            throw new ResolutionException("Project." + CORE + " \"<unknown>\" not found");
        });
    }

    /** The entry's owning Shoot, when the entry's name carries that shoot's technical id and UID. */
    private Future<Void> shootOfBackupEntry(ObjectNode entry, String entryName, Map<String, ObjectNode> refs) {
        String shootName = "";
        for (JsonNode owner : entry.path("metadata").path("ownerReferences")) {
            if ("Shoot".equals(owner.path("kind").asText())) {
                shootName = owner.path("name").asText("");
                break;
            }
        }
        if (shootName.isEmpty()) {
            return Future.succeededFuture();
        }
        String namespace = entry.path("metadata").path("namespace").asText("");
        return reads.find(CORE, "shoots", namespace, shootName).compose(found -> {
            if (found.isEmpty()) {
                return Future.succeededFuture();
            }
            ObjectNode shoot = found.get();
            String[] details = shootDetails(entryName);
            if (!details[0].equals(shoot.path("status").path("technicalID").asText(""))
                    || !details[1].equals(shoot.path("metadata").path("uid").asText(""))) {
                return Future.succeededFuture();
            }
            refs.put("shoot", ref(shoot, true));
            return projectOf(shoot.path("metadata").path("namespace").asText(""), refs);
        });
    }

    /** Gardener's {@code ExtractShootDetailsFromBackupEntryName}: technical id and shoot UID. */
    static String[] shootDetails(String entryName) {
        String[] tokens = entryName.split(BACKUP_ENTRY_DELIMITER, -1);
        String uid = tokens[tokens.length - 1];
        String technicalId = entryName;
        if (technicalId.startsWith(BACKUP_SOURCE_PREFIX + "-")) {
            technicalId = technicalId.substring(BACKUP_SOURCE_PREFIX.length() + 1);
        }
        if (technicalId.endsWith(uid)) {
            technicalId = technicalId.substring(0, technicalId.length() - uid.length());
        }
        if (technicalId.endsWith(BACKUP_ENTRY_DELIMITER)) {
            technicalId = technicalId.substring(0, technicalId.length() - BACKUP_ENTRY_DELIMITER.length());
        }
        return new String[] {technicalId, uid};
    }

    /** The claim's {@code {name, namespace?, uid}} of an object (namespace only for namespaced kinds). */
    static ObjectNode ref(JsonNode obj, boolean namespaced) {
        ObjectNode ref = Json.MAPPER.createObjectNode();
        JsonNode meta = obj.path("metadata");
        ref.put("name", meta.path("name").asText(""));
        String namespace = meta.path("namespace").asText("");
        if (namespaced && !namespace.isEmpty()) {
            ref.put("namespace", namespace);
        }
        ref.put("uid", meta.path("uid").asText(""));
        return ref;
    }
}
