package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * One resource's storage behaviour, as {@code genericregistry.Store}: server-set metadata, status
 * isolation, generation, finalizers and graceful deletion, admission, and the mapping of storage
 * failures to API errors. Objects are JSON trees; the typed model plugs in through the strategy.
 *
 * <p>Conflict rules: create fails with AlreadyExists on an existing name (generateName retries up to
 * {@value #GENERATE_NAME_ATTEMPTS} times); an update or patch whose object names a resourceVersion is
 * a precondition and fails with Conflict when it is stale; otherwise writes compare on the revision
 * they read and re-read and re-apply on conflict, up to {@value #UPDATE_ATTEMPTS} times.
 */
public final class GenericStore {

    static final int GENERATE_NAME_ATTEMPTS = 8;
    static final int UPDATE_ATTEMPTS = 10;

    private final ResourceType type;
    private final Storage storage;
    private final String keyRoot;
    private final ResourceStrategy strategy;
    private final AdmissionChain admission;
    private final VersionConversion conversion;

    public GenericStore(ResourceType type, Storage storage, String prefix, ResourceStrategy strategy,
                        AdmissionChain admission) {
        this(type, storage, prefix, strategy, admission, VersionConversion.IDENTITY);
    }

    /** @param conversion how objects of other served versions reach the storage version and back */
    public GenericStore(ResourceType type, Storage storage, String prefix, ResourceStrategy strategy,
                        AdmissionChain admission, VersionConversion conversion) {
        this(type, storage, keyRoot(prefix, type), conversion, strategy, admission);
    }

    private GenericStore(ResourceType type, Storage storage, String keyRoot, VersionConversion conversion,
                         ResourceStrategy strategy, AdmissionChain admission) {
        this.conversion = conversion;
        this.type = type;
        this.storage = storage;
        this.keyRoot = keyRoot;
        this.strategy = strategy;
        this.admission = admission;
    }

    /**
     * A store serving {@code type} over the objects of {@code owner}, converted both ways ({@code events.k8s.io}
     * events are core/v1's events).
     */
    public static GenericStore over(GenericStore owner, ResourceType type, ResourceStrategy strategy,
                                    VersionConversion conversion) {
        return new GenericStore(type, owner.storage, owner.keyRoot, conversion, strategy, owner.admission);
    }

    /** Where a resource's objects live: {@code <prefix>/<group>/<plural>}, the core group without a group part. */
    public static String keyRoot(String prefix, ResourceType type) {
        return prefix + (type.group().isEmpty() ? "" : "/" + type.group()) + "/" + type.plural();
    }

    public ResourceType type() {
        return type;
    }

    public Storage storage() {
        return storage;
    }

    /** Whether a PUT of a missing object creates it (the strategy's {@code AllowCreateOnUpdate}). */
    public boolean allowsCreateOnUpdate() {
        return strategy.allowCreateOnUpdate();
    }

    /** The key prefix of a collection: one namespace, or every object when {@code namespace} is empty. */
    public String collectionPrefix(String namespace) {
        return type.namespaced() && namespace != null && !namespace.isEmpty()
                ? keyRoot + "/" + namespace + "/" : keyRoot + "/";
    }

    public String key(String namespace, String name) {
        return type.namespaced() ? keyRoot + "/" + namespace + "/" + name : keyRoot + "/" + name;
    }

    private GroupResource gr() {
        return type.groupResource();
    }

    /** A stored object in {@code version}, as a response presents it. */
    public ObjectNode convert(ObjectNode stored, String version) {
        return conversion.fromStorage(stored, version);
    }

    /** {@link #decode}, off the event loop for a large value. */
    private Future<ObjectNode> decodeOffLoop(StoredObject stored) {
        return CpuWork.run(stored.value().length, () -> decode(stored));
    }

    /**
     * The stored object as a tree, with its resourceVersion, converted as Go converts what it reads from storage
     * ({@link InputConversions}: an older server's stored {@code stringData} is read as {@code data}).
     */
    public ObjectNode decode(StoredObject stored) {
        JsonNode node = Json.readTree(stored.value());
        if (!(node instanceof ObjectNode obj)) {
            throw ApiException.internal("stored value of " + stored.key() + " is not an object");
        }
        InputConversions.forObject(obj).ifPresent(c -> c.apply(obj));
        Objects.meta(obj).put("resourceVersion", Long.toString(stored.modRevision()));
        return obj;
    }

    public Future<ObjectNode> get(String namespace, String name) {
        return storage.get(key(namespace, name))
                .compose(this::decodeOffLoop)
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "get")));
    }

    public Future<ListResult> list(String namespace, ListQuery query) {
        String prefix = collectionPrefix(namespace);
        Predicate<StoredObject> filter = query.filter() == null ? null : so -> query.filter().test(decode(so));
        String start = query.startKey() == null ? null : prefix + query.startKey();
        Future<Long> revision = query.revision() == 0 || query.exact()
                ? Future.succeededFuture(query.revision())
                : notOlderThan(query.revision());
        return revision
                .compose(rev -> storage.list(new ListRequest(prefix, rev, query.limit(), start, filter)))
                .compose(page -> CpuWork.run(pageBytes(page), () -> toListResult(page, prefix)))
                .recover(t -> Future.failedFuture(listError(t, query)));
    }

    /** "Not older than X": serve the latest, after checking X is not in the future. */
    private Future<Long> notOlderThan(long revision) {
        return storage.currentRevision().compose(current -> revision > current
                ? Future.failedFuture(ApiException.tooLargeResourceVersion(revision, current))
                : Future.succeededFuture(0L));
    }

    private static long pageBytes(ListPage page) {
        long bytes = 0;
        for (StoredObject so : page.items()) {
            bytes += so.value().length;
        }
        return bytes;
    }

    private ListResult toListResult(ListPage page, String prefix) {
        List<ObjectNode> items = new ArrayList<>(page.items().size());
        page.items().forEach(so -> items.add(decode(so)));
        String next = page.nextKey() == null ? null : page.nextKey().substring(prefix.length());
        return new ListResult(items, page.revision(), next, page.remainingItemCount());
    }

    private Throwable listError(Throwable t, ListQuery query) {
        if (t instanceof StorageException e) {
            if (e.reason() == StorageException.Reason.COMPACTED) {
                return query.fromContinue() && query.startKey() != null
                        ? ApiException.expired(INCONSISTENT_CONTINUE_MESSAGE)
                        : ApiException.expired("The resourceVersion for the provided list is too old.");
            }
            if (e.reason() == StorageException.Reason.TOO_LARGE_RESOURCE_VERSION) {
                return ApiException.tooLargeResourceVersion(query.revision(), e.revision());
            }
        }
        return StorageErrors.toApi(t, gr(), "", "list");
    }

    /**
     * etcd3's {@code handleCompactedErrorForPaging}: the page's snapshot is gone. The list handler puts the
     * "inconsistent continue" token (same start key, revision -1) into the Status' {@code metadata.continue}.
     */
    public static final String INCONSISTENT_CONTINUE_MESSAGE = "The provided continue parameter is too old "
            + "to display a consistent list result. You can start a new list without "
            + "the continue parameter, or use the continue token in this response to "
            + "retrieve the remainder of the results. Continuing with the provided "
            + "token results in an inconsistent list - objects that were created, "
            + "modified, or deleted between the time the first chunk was returned "
            + "and now may show up in the list.";

    // ---------------------------------------------------------------------------------------- create

    public Future<ObjectNode> create(String namespace, ObjectNode input, WriteContext ctx) {
        ObjectNode obj = conversion.toStorage(input.deepCopy());
        ObjectNode meta = Objects.meta(obj);
        if (!Objects.resourceVersion(obj).isEmpty()) {
            return Future.failedFuture(ApiException.unknown("resourceVersion should not be set on objects to be created"));
        }
        if (type.namespaced()) {
            meta.put("namespace", namespace);
        } else {
            meta.remove("namespace");
        }
        return admission.admit(attributes(Operation.CREATE, obj, null, ctx)).compose(v -> {
            defaultAfterAdmission(obj);
            prepareForCreate(obj);
            return createAttempt(namespace, obj, ctx, 1);
        });
    }

    /**
     * Defaulting once more after mutating admission: a plugin that adds a section (a VPA setting, kubelet
     * reservations) leaves its defaultable fields unset. Gardener's storage decoding defaults every object it
     * reads; here the object is stored defaulted, so reads and later updates see the same object.
     */
    private void defaultAfterAdmission(ObjectNode obj) {
        GroupVersionKind gvk = type.gvk(apiVersionOf(obj));
        Optional<Defaulter> defaulter = Defaulters.of(gvk);
        Optional<Class<?>> model = ResourceModels.of(gvk);
        if (defaulter.isPresent() && model.isPresent()) {
            defaulter.get().apply(obj);
            ObjectNode canonical = ModelCodec.canonical(obj, model.get());
            obj.removeAll();
            obj.setAll(canonical);
        }
    }

    private void prepareForCreate(ObjectNode obj) {
        ObjectNode meta = Objects.meta(obj);
        meta.remove(List.of("uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
                "selfLink", "generation"));
        meta.put("uid", UUID.randomUUID().toString());
        meta.put("creationTimestamp", Objects.now());
        if (strategy.tracksGeneration()) {
            meta.put("generation", 1);
        }
        if (type.hasStatus() && strategy.resetsStatusOnCreate()) {
            obj.remove("status");
        }
        strategy.prepareForCreate(obj);
    }

    /**
     * One attempt at storing a prepared object: as in the generic store's BeforeCreate, a generateName is
     * turned into a name before validation; a name collision draws a new one, a bounded number of times.
     */
    private Future<ObjectNode> createAttempt(String namespace, ObjectNode prepared, WriteContext ctx, int attempt) {
        ObjectNode obj = prepared.deepCopy();
        ObjectNode meta = Objects.meta(obj);
        String generateName = Objects.text(meta, "generateName");
        boolean generated = Objects.name(obj).isEmpty() && !generateName.isEmpty();
        if (generated) {
            meta.put("name", NameGenerator.generate(generateName));
        }
        String name = Objects.name(obj);
        // BeforeCreate's order: the strategy's validation first, so its specific messages win; the generic
        // ObjectMeta checks only when it passed
        List<FieldError> errors = new ArrayList<>(strategy.validate(obj));
        if (errors.isEmpty()) {
            errors.addAll(MetadataValidation.validateCreate(obj, type));
        }
        if (!errors.isEmpty()) {
            return Future.failedFuture(ApiException.invalid(type.gvk(apiVersionOf(obj)), name, errors));
        }
        strategy.canonicalize(obj);
        if (attempt == 1) {
            strategy.warningsOnCreate(obj).forEach(ctx.warnings());
        }
        return admission.validate(attributes(Operation.CREATE, obj, null, ctx))
                .compose(v -> ctx.dryRun() ? dryRunCreate(namespace, name, obj) : persistCreate(namespace, name, obj))
                .recover(t -> {
                    if (generated && t instanceof ApiException e && "AlreadyExists".equals(e.reason())) {
                        if (attempt < GENERATE_NAME_ATTEMPTS) {
                            return createAttempt(namespace, prepared, ctx, attempt + 1);
                        }
                        return Future.failedFuture(new ApiException(ApiException.alreadyExists(gr(), name).status()
                                .withMessageAndRetry(gr() + " \"" + name + "\" already exists, the server was not able "
                                        + "to generate a unique name for the object", 1)));
                    }
                    return Future.failedFuture(t);
                });
    }

    private Future<ObjectNode> dryRunCreate(String namespace, String name, ObjectNode obj) {
        return storage.get(key(namespace, name))
                .<ObjectNode>compose(existing -> Future.failedFuture(ApiException.alreadyExists(gr(), name)))
                .recover(t -> t instanceof StorageException e && e.reason() == StorageException.Reason.NOT_FOUND
                        ? Future.succeededFuture(obj) : Future.failedFuture(StorageErrors.toApi(t, gr(), name, "create")));
    }

    private Future<ObjectNode> persistCreate(String namespace, String name, ObjectNode obj) {
        return withoutManagedFieldsIfTooLarge(obj, o -> storage.create(key(namespace, name), Objects.encodeForStorage(o)))
                .compose(this::decodeOffLoop)
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "create")));
    }

    /**
     * As the create, update and patch handlers of k8s.io/apiserver: an object etcd refused as too large is written
     * once more without its managedFields, which can be large and are safe to drop. A conflict on the second write
     * is a conflict like any other (the update loop reads again).
     */
    private Future<StoredObject> withoutManagedFieldsIfTooLarge(ObjectNode obj,
                                                                Function<ObjectNode, Future<StoredObject>> write) {
        return write.apply(obj).recover(t -> {
            if (t instanceof StorageException e && e.reason() == StorageException.Reason.REQUEST_TOO_LARGE
                    && Objects.meta(obj).has("managedFields")) {
                // copying and encoding the large object again is work for the pool
                return CpuWork.compose(CpuWork.estimateSize(obj), () -> {
                    ObjectNode stripped = obj.deepCopy();
                    Objects.meta(stripped).remove("managedFields");
                    return write.apply(stripped);
                });
            }
            return Future.failedFuture(t);
        });
    }

    // ---------------------------------------------------------------------------------------- update

    /**
     * Updates an object by applying {@code transform} to the stored one: a PUT returns the request's
     * object, a PATCH the patched copy. Runs again on a fresh read after a storage conflict. The transform gets
     * the stored object (storage version) and may answer in any served version.
     *
     * @param subresource empty for the main resource, or {@code status} and similar
     */
    public Future<ObjectNode> update(String namespace, String name, String subresource,
                                     UnaryOperator<ObjectNode> transform, WriteContext ctx) {
        return updateAttempt(namespace, name, subresource, transform, ctx, 1);
    }

    private Future<ObjectNode> updateAttempt(String namespace, String name, String subresource,
                                             UnaryOperator<ObjectNode> transform, WriteContext ctx, int attempt) {
        String key = key(namespace, name);
        return storage.get(key)
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "update")))
                // decoding a large object and applying the change to it runs off the event loop
                .compose(current -> CpuWork.compose(current.value().length + ctx.requestBytes(), () -> {
                    ObjectNode old = decode(current);
                    ObjectNode desired = conversion.toStorage(transform.apply(old.deepCopy()));
                    String desiredRv = Objects.resourceVersion(desired);
                    if (desiredRv.isEmpty() && !strategy.allowUnconditionalUpdate()) {
                        return Future.failedFuture(ApiException.invalid(type.gvk(apiVersionOf(old)), name, List.of(
                                FieldError.invalid("metadata.resourceVersion", FieldError.verbatim("0x0"),
                                        "must be specified for an update"))));
                    }
                    if (!desiredRv.isEmpty() && !desiredRv.equals(Objects.resourceVersion(old))) {
                        return Future.failedFuture(ApiException.conflict(gr(), name, ApiException.OBJECT_MODIFIED));
                    }
                    // As the generic store: mutating admission sees the requested object, then the strategy
                    // prepares and validates it, then validating admission sees the result.
                    return admission.admit(updateAttributes(desired, old, subresource, ctx)).compose(v -> {
                        defaultAfterAdmission(desired);
                        ObjectNode updated = isolate(desired, old, subresource);
                        List<FieldError> errors = prepareForUpdate(updated, old, subresource);
                        if (!errors.isEmpty()) {
                            return Future.failedFuture(ApiException.invalid(type.gvk(apiVersionOf(old)), name, errors));
                        }
                        strategy.warningsOnUpdate(updated, old, subresource).forEach(ctx.warnings());
                        return admission.validate(updateAttributes(updated, old, subresource, ctx))
                                .compose(w -> writeUpdate(key, current, old, updated, ctx));
                    }).recover(t -> {
                                if (t instanceof StorageException e && e.reason() == StorageException.Reason.CONFLICT
                                        && attempt < UPDATE_ATTEMPTS) {
                                    return updateAttempt(namespace, name, subresource, transform, ctx, attempt + 1);
                                }
                                return Future.failedFuture(StorageErrors.toApi(t, gr(), name, "update"));
                            });
                }));
    }

    /** Status isolation: the main resource never changes status, the status subresource changes nothing else. */
    private ObjectNode isolate(ObjectNode desired, ObjectNode old, String subresource) {
        if ("status".equals(subresource)) {
            ObjectNode result = old.deepCopy();
            JsonNode status = desired.get("status");
            if (status == null || status.isNull()) {
                result.remove("status");
            } else {
                result.set("status", status);
            }
            // the field manager recorded the status write on the desired object
            JsonNode managedFields = Objects.meta(desired).get("managedFields");
            if (managedFields == null) {
                Objects.meta(result).remove("managedFields");
            } else {
                Objects.meta(result).set("managedFields", managedFields);
            }
            return result;
        }
        if (type.hasStatus() && strategy.keepsStatusOnUpdate()) {
            JsonNode status = old.get("status");
            if (status == null) {
                desired.remove("status");
            } else {
                desired.set("status", status);
            }
        }
        return desired;
    }

    private List<FieldError> prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        List<FieldError> errors = new ArrayList<>(MetadataValidation.validateUpdate(obj, old, type));
        ObjectNode meta = Objects.meta(obj);
        ObjectNode oldMeta = Objects.meta(old);
        for (String field : List.of("deletionTimestamp", "deletionGracePeriodSeconds", "generation")) {
            JsonNode v = oldMeta.get(field);
            if (v == null) {
                meta.remove(field);
            } else {
                meta.set(field, v);
            }
        }
        meta.put("resourceVersion", Objects.resourceVersion(old));
        if (Objects.isDeleting(old)) {
            List<String> added = new ArrayList<>(Objects.finalizers(obj));
            added.removeAll(Objects.finalizers(old));
            if (!added.isEmpty()) {
                errors.add(FieldError.forbidden("metadata.finalizers",
                        "no new finalizers can be added if the object is being deleted, found new finalizers "
                                + goStringSlice(added)));
            }
        }
        if (!errors.isEmpty()) {
            return errors;
        }
        strategy.prepareForUpdate(obj, old, subresource);
        if (strategy.tracksGeneration() && strategy.generationMoves(obj, old, subresource)) {
            // Re-read the metadata: the strategy may have replaced the object's content (canonical form).
            Objects.meta(obj).put("generation", Objects.generation(old) + 1);
        }
        List<FieldError> invalid = strategy.validateUpdate(obj, old, subresource);
        if (invalid.isEmpty()) {
            strategy.canonicalize(obj);
        }
        return invalid;
    }

    private static String goStringSlice(List<String> values) {
        StringBuilder sb = new StringBuilder("[]string{");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('"').append(values.get(i)).append('"');
        }
        return sb.append('}').toString();
    }

    private Future<ObjectNode> writeUpdate(String key, StoredObject current, ObjectNode old, ObjectNode updated,
                                           WriteContext ctx) {
        if (sameContent(updated, old)) {
            return Future.succeededFuture(old);
        }
        if (ctx.dryRun()) {
            return Future.succeededFuture(updated);
        }
        if (Objects.isDeleting(updated) && Objects.finalizers(updated).isEmpty()
                && strategy.extraFinalizers(updated).isEmpty()) {
            // The last finalizer is gone: the update completes the deletion.
            return storage.delete(key, current.modRevision()).map(deleted -> {
                Objects.meta(updated).put("resourceVersion", Long.toString(deleted.modRevision()));
                return updated;
            });
        }
        return withoutManagedFieldsIfTooLarge(updated,
                o -> storage.update(key, current.modRevision(), Objects.encodeForStorage(o))).compose(this::decodeOffLoop);
    }

    private static boolean sameContent(ObjectNode a, ObjectNode b) {
        ObjectNode x = a.deepCopy();
        ObjectNode y = b.deepCopy();
        Objects.meta(x).remove("resourceVersion");
        Objects.meta(y).remove("resourceVersion");
        return Objects.sameJson(x, y);
    }

    // ---------------------------------------------------------------------------------------- delete

    public Future<DeleteResult> delete(String namespace, String name, DeleteRequest request, WriteContext ctx) {
        return deleteAttempt(namespace, name, request, ctx, 1);
    }

    private Future<DeleteResult> deleteAttempt(String namespace, String name, DeleteRequest request, WriteContext ctx,
                                               int attempt) {
        String key = key(namespace, name);
        return storage.get(key)
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "delete")))
                .compose(current -> {
                    ObjectNode old = decode(current);
                    ApiException precondition = checkPreconditions(old, request);
                    if (precondition != null) {
                        return Future.failedFuture(precondition);
                    }
                    Attributes attrs = new Attributes(type.gvk(apiVersionOf(old)), gr(), "", Objects.namespace(old),
                            name, Operation.DELETE, null, old, ctx.user(), ctx.dryRun(), ctx.warnings());
                    return admission.run(attrs)
                            .compose(v -> deleteOrMark(key, current, old, request, ctx))
                            .recover(t -> {
                                if (t instanceof StorageException e && e.reason() == StorageException.Reason.CONFLICT
                                        && attempt < UPDATE_ATTEMPTS) {
                                    return deleteAttempt(namespace, name, request, ctx, attempt + 1);
                                }
                                return Future.failedFuture(StorageErrors.toApi(t, gr(), name, "delete"));
                            });
                });
    }

    private ApiException checkPreconditions(ObjectNode old, DeleteRequest request) {
        String uid = Objects.uid(old);
        if (request.preconditionUid() != null && !request.preconditionUid().equals(uid)) {
            return ApiException.conflict(gr(), Objects.name(old), "Precondition failed: UID in precondition: "
                    + request.preconditionUid() + ", UID in object meta: " + uid);
        }
        String rv = Objects.resourceVersion(old);
        if (request.preconditionResourceVersion() != null && !request.preconditionResourceVersion().equals(rv)) {
            return ApiException.conflict(gr(), Objects.name(old), "Precondition failed: ResourceVersion in precondition: "
                    + request.preconditionResourceVersion() + ", ResourceVersion in object meta: " + rv);
        }
        return null;
    }

    private Future<DeleteResult> deleteOrMark(String key, StoredObject current, ObjectNode old, DeleteRequest request,
                                              WriteContext ctx) {
        List<String> finalizers = new ArrayList<>(Objects.finalizers(old));
        String gcFinalizer = switch (request.propagationPolicy() == null ? "" : request.propagationPolicy()) {
            case "Orphan" -> "orphan";
            case "Foreground" -> "foregroundDeletion";
            default -> null;
        };
        if (gcFinalizer != null && !finalizers.contains(gcFinalizer)) {
            finalizers.add(gcFinalizer);
        }
        if (finalizers.isEmpty() && strategy.extraFinalizers(old).isEmpty()) {
            if (ctx.dryRun()) {
                return Future.succeededFuture(new DeleteResult(old, true));
            }
            return storage.delete(key, current.modRevision()).map(deleted -> new DeleteResult(decode(deleted), true));
        }
        if (Objects.isDeleting(old)) {
            return Future.succeededFuture(new DeleteResult(old, false));
        }
        ObjectNode marked = old.deepCopy();
        Objects.setFinalizers(marked, finalizers);
        long generation = Objects.generation(old);
        if (generation > 0) {
            // markAsDeleting: starting the deletion is a change of desired state
            Objects.meta(marked).put("generation", generation + 1);
        }
        Objects.meta(marked).put("deletionTimestamp", Objects.now());
        Objects.meta(marked).put("deletionGracePeriodSeconds", 0);
        strategy.prepareForUpdate(marked, old, "");
        if (ctx.dryRun()) {
            return Future.succeededFuture(new DeleteResult(marked, false));
        }
        return storage.update(key, current.modRevision(), Objects.encodeForStorage(marked))
                .map(updated -> new DeleteResult(decode(updated), false));
    }

    /** Deletes every object of the collection the filter matches; answers the deleted (or marked) objects. */
    public Future<List<ObjectNode>> deleteCollection(String namespace, Predicate<ObjectNode> filter,
                                                     DeleteRequest request, WriteContext ctx) {
        // The collection is admitted once as a whole (name empty), then every object on its own.
        Attributes collection = new Attributes(type.gvk(type.versions().get(0)), gr(), "",
                namespace == null ? "" : namespace, "", Operation.DELETE, null, null, ctx.user(), ctx.dryRun(),
                ctx.warnings());
        return admission.run(collection)
                .compose(v -> list(namespace, new ListQuery(0, false, 0, null, filter, false))).compose(result -> {
            List<ObjectNode> deleted = new ArrayList<>();
            Future<Void> chain = Future.succeededFuture();
            for (ObjectNode item : result.items()) {
                chain = chain.compose(v -> delete(Objects.namespace(item), Objects.name(item), request, ctx)
                        .map(r -> {
                            deleted.add(r.object());
                            return (Void) null;
                        })
                        .recover(t -> t instanceof ApiException e && e.code() == 404
                                ? Future.succeededFuture() : Future.failedFuture(t)));
            }
            return chain.map(v -> deleted);
        });
    }

    // ---------------------------------------------------------------------------------------- helpers

    private Attributes updateAttributes(ObjectNode obj, ObjectNode old, String subresource, WriteContext ctx) {
        return new Attributes(type.gvk(apiVersionOf(obj)), gr(), subresource, Objects.namespace(old),
                Objects.name(old), Operation.UPDATE, obj, old, ctx.user(), ctx.dryRun(), ctx.warnings());
    }

    private Attributes attributes(Operation op, ObjectNode obj, ObjectNode old, WriteContext ctx) {
        return new Attributes(type.gvk(apiVersionOf(obj)), gr(), "", Objects.namespace(obj), Objects.name(obj), op,
                obj, old, ctx.user(), ctx.dryRun(), ctx.warnings());
    }

    private String apiVersionOf(ObjectNode obj) {
        String apiVersion = Objects.text(obj, "apiVersion");
        int slash = apiVersion.indexOf('/');
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return type.servesVersion(version) ? version : type.versions().get(0);
    }
}
