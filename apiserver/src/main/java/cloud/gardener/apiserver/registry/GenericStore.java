package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.AdmittedRecords;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.RequestMemo;
import cloud.gardener.apiserver.api.conversion.InputConversion;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.storage.GuaranteedUpdate;
import cloud.gardener.apiserver.storage.ReadFreshness;
import cloud.gardener.apiserver.storage.Storage;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoreReader;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
 * they read and re-read and re-apply on conflict, up to {@value #UPDATE_ATTEMPTS} times ({@link GuaranteedUpdate},
 * for updates and for deletes alike); the last conflict is answered as 409 Conflict.
 *
 * <p>The store is the only door to a resource's objects: gets, lists and watches go through its {@link ResourceReads}
 * and so one {@link StoreReader} (storage itself today; a watch cache can take its
 * place without the callers knowing), writes and the reads they compare against go to {@link Storage}; an update or
 * a delete starts from the watch cache's copy where there is one (see {@link #update}). Keys are laid out by
 * {@link ResourceKeys}.
 */
public final class GenericStore {

    static final int GENERATE_NAME_ATTEMPTS = 8;
    static final int UPDATE_ATTEMPTS = 10;
    /** The garbage collector's finalizers (metav1.FinalizerOrphanDependents, FinalizerDeleteDependents). */
    public static final String ORPHAN_FINALIZER = "orphan";

    public static final String FOREGROUND_FINALIZER = "foregroundDeletion";

    private final ResourceType type;
    private final Storage storage;
    private final ResourceReads reads;
    private final ResourceStrategy strategy;
    private final AdmissionChain admission;
    private final VersionConversion conversion;

    public GenericStore(
            ResourceType type, Storage storage, String prefix, ResourceStrategy strategy, AdmissionChain admission) {
        this(type, storage, prefix, strategy, admission, VersionConversion.IDENTITY);
    }

    /** @param conversion how objects of other served versions reach the storage version and back */
    public GenericStore(
            ResourceType type,
            Storage storage,
            String prefix,
            ResourceStrategy strategy,
            AdmissionChain admission,
            VersionConversion conversion) {
        this(new ResourceReads(type, ResourceKeys.of(prefix, type), storage), storage, strategy, admission, conversion);
    }

    /**
     * @param reads   how the store serves gets, lists and watches
     * @param storage where it writes, and reads what it compares its writes against (quorum reads)
     */
    public GenericStore(
            ResourceReads reads,
            Storage storage,
            ResourceStrategy strategy,
            AdmissionChain admission,
            VersionConversion conversion) {
        this.conversion = conversion;
        this.type = reads.type();
        this.storage = storage;
        this.reads = reads;
        this.strategy = strategy;
        this.admission = admission;
    }

    /**
     * A store serving {@code type} over the objects of {@code owner}, converted both ways ({@code events.k8s.io}
     * events are core/v1's events).
     */
    public static GenericStore over(
            GenericStore owner, ResourceType type, ResourceStrategy strategy, VersionConversion conversion) {
        return new GenericStore(owner.reads.as(type), owner.storage, strategy, owner.admission, conversion);
    }

    public ResourceType type() {
        return type;
    }

    /** Where this store's objects live. */
    public ResourceKeys keys() {
        return reads.keys();
    }

    /** Whether a PUT of a missing object creates it (the strategy's {@code AllowCreateOnUpdate}). */
    public boolean allowsCreateOnUpdate() {
        return strategy.allowCreateOnUpdate();
    }

    private String key(String namespace, String name) {
        return reads.keys().object(namespace, name);
    }

    private GroupResource gr() {
        return type.groupResource();
    }

    /** A stored object in {@code version}, as a response presents it. */
    public ObjectNode convert(ObjectNode stored, String version) {
        return conversion.fromStorage(stored, version);
    }

    /** The stored object as a tree, with its resourceVersion: {@link ResourceReads#decode}. */
    public ObjectNode decode(StoredObject stored) {
        return reads.decode(stored);
    }

    /** The read side of this store, which exists before the registry (admission lookups read through it). */
    public ResourceReads reads() {
        return reads;
    }

    public Future<ObjectNode> get(String namespace, String name) {
        return reads.get(namespace, name);
    }

    /** {@link ResourceReads#get(String, String, ReadFreshness)}: a get as fresh as the resourceVersion asks. */
    public Future<ObjectNode> get(String namespace, String name, ReadFreshness freshness) {
        return reads.get(namespace, name, freshness);
    }

    /** {@link ResourceReads#getStored(String, String, ReadFreshness)}: the same get, its bytes not decoded. */
    public Future<StoredObject> getStored(String namespace, String name, ReadFreshness freshness) {
        return reads.getStored(namespace, name, freshness);
    }

    /**
     * Whether stored objects are served in their stored form: the kind has one version, so no conversion runs on
     * the way out (the conversions of what is read, such as a Secret's {@code stringData}, are per object).
     */
    public boolean servesStoredForm() {
        return conversion == VersionConversion.IDENTITY;
    }

    /** The revision the store has reached (a quorum read): a list's resourceVersion when it read nothing itself. */
    public Future<Long> currentRevision() {
        return reads.currentRevision();
    }

    /** {@link ResourceReads#watch}: a collection's changes after a revision, as stored objects. */
    public WatchSubscription watch(String namespace, long afterRevision, WatchListener listener) {
        return reads.watch(namespace, afterRevision, listener);
    }

    public Future<ListResult> list(String namespace, ListQuery query) {
        return reads.list(namespace, query);
    }

    /** {@link ResourceReads#listEncoded}: a page whose items a streamed response decodes one at a time. */
    public Future<EncodedListPage> listEncoded(String namespace, ListQuery query) {
        return reads.listEncoded(namespace, query);
    }

    /** {@link #listEncoded}, the items after the first ones read when asked ({@link ResourceReads#listStreamed}). */
    public Future<EncodedListPage> listStreamed(String namespace, ListQuery query) {
        return reads.listStreamed(namespace, query);
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

    /** Creates an object; {@code input} is left as it is (the store works on a copy). */
    public Future<ObjectNode> create(String namespace, ObjectNode input, WriteContext ctx) {
        return createWritten(namespace, input.deepCopy(), ctx).map(WrittenObject::object);
    }

    /**
     * {@link #create}, with the bytes it stored: what the create handler answers from. The store takes {@code input}
     * over and changes it as it prepares the object (no copy): the caller must not use it afterwards.
     */
    public Future<WrittenObject> createWritten(String namespace, ObjectNode input, WriteContext ctx) {
        ObjectNode obj = conversion.toStorage(input);
        ObjectNode meta = ObjectTrees.meta(obj);
        if (!ObjectTrees.resourceVersion(obj).isEmpty()) {
            return Future.failedFuture(
                    ApiException.unknown("resourceVersion should not be set on objects to be created"));
        }
        if (type.namespaced()) {
            meta.put("namespace", namespace);
        } else {
            meta.remove("namespace");
        }
        ModelForms forms = ctx.forms().copy();
        // the mutating plugins' records, in a memory of their own: the conversion after them starts from the last
        ModelForms admitted = forms.copy();
        // what the plugins look up, shared by both phases of this create (and only by them)
        RequestMemo memo = new RequestMemo();
        // the handler may have named where it wrote the decoded object (its field manager): the namespace set above
        // is one of those places (the handler set the same); a converted object is another tree, of which none is known
        ModelCodec.WrittenPaths unread = admitted.writtenSinceLatest(obj);
        return admission
                .admit(attributes(Operation.CREATE, obj, null, ctx, records(admitted, memo, unread)))
                .compose(v -> {
                    Object record = prepareForCreate(obj, forms, admitted);
                    return createAttempt(namespace, obj, record, ctx, forms, memo, 1);
                });
    }

    /**
     * Defaulting once more after mutating admission: a plugin that adds a section (a VPA setting, kubelet
     * reservations) leaves its defaultable fields unset. Gardener's storage decoding defaults every object it
     * reads; here the object is stored defaulted, so reads and later updates see the same object.
     *
     * @return the model the defaulted object is to be brought into, or empty when the kind has no defaulter (its
     *     canonical form is then left to the strategy, as it is for an update, whose prepareForUpdate does so first)
     */
    private Optional<Class<?>> defaultAfterAdmission(ObjectNode obj) {
        GroupVersionKind gvk = type.gvk(apiVersionOf(obj));
        Optional<Defaulter> defaulter = Defaulters.of(gvk);
        Optional<Class<?>> model = ResourceModels.of(gvk);
        if (defaulter.isPresent() && model.isPresent()) {
            defaulter.get().apply(obj);
            return model;
        }
        return Optional.empty();
    }

    /**
     * The defaulting after admission, the generic store's and the strategy's preparation: the record {@code obj} now
     * encodes, or null if not known. The defaulted object is made canonical once its server-set metadata is in place:
     * the one conversion of the members the plugins, the defaulting and the store changed (the store's metadata, a
     * status reset, converted per member, are the same in either order), so the strategy's preparation reads the
     * canonical object it read before and its own canonical form is that object again unless it changed it.
     */
    private Object prepareForCreate(ObjectNode obj, ModelForms forms, ModelForms admitted) {
        Optional<Class<?>> defaulted = defaultAfterAdmission(obj);
        ObjectNode meta = ObjectTrees.meta(obj);
        meta.remove(List.of(
                "uid",
                "creationTimestamp",
                "deletionTimestamp",
                "deletionGracePeriodSeconds",
                "selfLink",
                "generation"));
        meta.put("uid", UUID.randomUUID().toString());
        meta.put("creationTimestamp", ObjectTrees.now());
        if (strategy.tracksGeneration()) {
            meta.put("generation", 1);
        }
        if (type.hasStatus() && strategy.resetsStatusOnCreate()) {
            obj.remove("status");
        }
        // mutating plugins set a few members (the spec's, labels), the store the metadata: those alone are converted
        // (decoded against the record the last of them read: what they wrote before it is decoded already)
        defaulted.ifPresent(model -> forms.canonicalizeEdited(obj, model, admitted));
        if (strategy instanceof ModelStrategy modelled) {
            return modelled.prepareForCreate(obj, forms);
        }
        strategy.prepareForCreate(obj);
        return null;
    }

    /**
     * One attempt at storing a prepared object: as in the generic store's BeforeCreate, a generateName is
     * turned into a name before validation; a name collision draws a new one, a bounded number of times. Only then
     * is there another attempt, which starts again from {@code prepared}: an attempt with a generated name works on
     * a copy of it, one with a given name on {@code prepared} itself.
     */
    private Future<WrittenObject> createAttempt(
            String namespace,
            ObjectNode prepared,
            Object preparedRecord,
            WriteContext ctx,
            ModelForms forms,
            RequestMemo memo,
            int attempt) {
        String generateName = JsonTrees.text(ObjectTrees.meta(prepared), "generateName");
        boolean generated = ObjectTrees.name(prepared).isEmpty() && !generateName.isEmpty();
        ObjectNode obj = generated ? prepared.deepCopy() : prepared;
        ObjectNode meta = ObjectTrees.meta(obj);
        if (generated) {
            meta.put("name", NameGenerator.generate(generateName));
        }
        String name = ObjectTrees.name(obj);
        // BeforeCreate's order: the strategy's validation first, so its specific messages win; the generic
        // ObjectMeta checks only when it passed
        List<FieldError> errors = new ArrayList<>(
                strategy instanceof ModelStrategy modelled
                        // the prepared object is validated as prepared: its record is the one the preparation made
                        ? modelled.validate(obj, forms.handing(prepared, preparedRecord))
                        : strategy.validate(obj));
        if (errors.isEmpty()) {
            errors.addAll(MetadataValidation.validateCreate(obj, type));
        }
        if (!errors.isEmpty()) {
            return Future.failedFuture(ApiException.invalid(type.gvk(apiVersionOf(obj)), name, errors));
        }
        // validating plugins read (and never change) the record the canonical form was made from; the prepared object
        // is still the canonical encoding of its record (a generated name is a change of its copy)
        ModelForms.Handed canonical = forms.handing(obj, canonicalize(obj, forms, generated ? null : preparedRecord));
        if (attempt == 1) {
            strategy.warningsOnCreate(obj).forEach(ctx.warnings());
        }
        return admission
                .validate(attributes(
                        Operation.CREATE, obj, null, ctx, AdmittedRecords.decodedBy(canonical::record, memo)))
                .compose(v -> ctx.dryRun() ? dryRunCreate(namespace, name, obj) : persistCreate(namespace, name, obj))
                .recover(t -> {
                    if (generated && t instanceof ApiException e && "AlreadyExists".equals(e.reason())) {
                        if (attempt < GENERATE_NAME_ATTEMPTS) {
                            return createAttempt(namespace, prepared, preparedRecord, ctx, forms, memo, attempt + 1);
                        }
                        return Future.failedFuture(new ApiException(ApiException.alreadyExists(gr(), name)
                                .status()
                                .withMessageAndRetry(
                                        gr() + " \"" + name + "\" already exists, the server was not able "
                                                + "to generate a unique name for the object",
                                        1)));
                    }
                    return Future.failedFuture(t);
                });
    }

    private Future<WrittenObject> dryRunCreate(String namespace, String name, ObjectNode obj) {
        return storage.get(key(namespace, name))
                .<WrittenObject>compose(existing -> Future.failedFuture(ApiException.alreadyExists(gr(), name)))
                .recover(t -> t instanceof StorageException e && e.reason() == StorageException.Reason.NOT_FOUND
                        ? Future.succeededFuture(WrittenObject.withoutStored(obj))
                        : Future.failedFuture(StorageErrors.toApi(t, gr(), name, "create")));
    }

    private Future<WrittenObject> persistCreate(String namespace, String name, ObjectNode obj) {
        return withoutManagedFieldsIfTooLarge(obj, bytes -> storage.create(key(namespace, name), bytes))
                .recover(t -> Future.failedFuture(StorageErrors.toApi(t, gr(), name, "create")));
    }

    /**
     * As the create, update and patch handlers of k8s.io/apiserver: an object etcd refused as too large is written
     * once more without its managedFields, which can be large and are safe to drop. A conflict on the second write
     * is a conflict like any other (the update loop reads again).
     */
    private Future<WrittenObject> withoutManagedFieldsIfTooLarge(
            ObjectNode obj, Function<byte[], Future<StoredObject>> write) {
        StoredForm form = StoredForm.of(obj);
        return write.apply(form.bytes())
                .map(stored -> {
                    reads.noteWritten(stored);
                    return asWritten(obj, stored, form);
                })
                .recover(t -> {
                    if (t instanceof StorageException e
                            && e.reason() == StorageException.Reason.REQUEST_TOO_LARGE
                            && ObjectTrees.meta(obj).has("managedFields")) {
                        // copying and encoding the large object again is work for the pool
                        return CpuWork.compose(CpuWork.estimateSize(obj), () -> {
                            ObjectNode stripped = obj.deepCopy();
                            ObjectTrees.meta(stripped).remove("managedFields");
                            StoredForm strippedForm = StoredForm.of(stripped);
                            return write.apply(strippedForm.bytes()).map(stored -> {
                                reads.noteWritten(stored);
                                return asWritten(stripped, stored, strippedForm);
                            });
                        });
                    }
                    return Future.failedFuture(t);
                });
    }

    /**
     * The object as the write stored it, from the tree it encoded rather than by parsing the stored bytes back (the
     * same object: {@link #decode} of those bytes differs only in what it sets here). The stored bytes go with it
     * unless a conversion of what is read applies: they are then not the answer's JSON. So does the stored form that
     * was written, where storage holds its very bytes: its resourceVersion goes where this puts it in the object (the
     * place it had, else last), so the answer need not look for it.
     */
    private static WrittenObject asWritten(ObjectNode written, StoredObject stored, StoredForm form) {
        Optional<InputConversion> conversion = InputConversions.forObject(written);
        conversion.ifPresent(c -> c.apply(written));
        ObjectNode meta = ObjectTrees.meta(written);
        meta.remove("selfLink");
        meta.put("resourceVersion", Long.toString(stored.modRevision()));
        if (conversion.isPresent()) {
            return WrittenObject.withoutStored(written);
        }
        byte[] value = stored.value();
        boolean ours = value == form.bytes() || Arrays.equals(value, form.bytes());
        return new WrittenObject(written, stored, ours ? form : null);
    }

    // ---------------------------------------------------------------------------------------- update

    /**
     * Updates an object by applying {@code transform} to the stored one: a PUT returns the request's
     * object, a PATCH the patched copy. Runs again (transform, admission, validation) on the current object after
     * a storage conflict, up to {@value #UPDATE_ATTEMPTS} times in all; then the conflict is 409. The transform gets
     * the stored object (storage version) and may answer in any served version. With a watch cache the first attempt
     * starts from the cache's copy, without reading storage: a write on a stale copy fails its revision compare, and
     * any failure of an attempt on that copy (a resourceVersion precondition the cache has not reached, say) is judged
     * again on a fresh read before it is answered (etcd3's {@code GuaranteedUpdate} with a cached existing object).
     *
     * @param subresource empty for the main resource, or {@code status} and similar
     */
    public Future<ObjectNode> update(
            String namespace, String name, String subresource, UnaryOperator<ObjectNode> transform, WriteContext ctx) {
        return updateWritten(namespace, name, subresource, transform, ctx).map(WrittenObject::object);
    }

    /** {@link #update}, with the bytes storage holds for the answer: what the update and patch handlers answer from. */
    public Future<WrittenObject> updateWritten(
            String namespace, String name, String subresource, UnaryOperator<ObjectNode> transform, WriteContext ctx) {
        return updateWritten(namespace, name, subresource, "", transform, ctx);
    }

    /**
     * {@link #updateWritten}, for a request that names the resourceVersion it updates ({@code precondition}, empty
     * when none): a cached copy older than that revision is not tried, since its attempt could only fail the
     * precondition before the loop read storage (a client that writes again as soon as its last write is answered
     * is often ahead of the watch cache); when this server wrote that revision, the copy is the cache's once it has
     * seen it (a few milliseconds at most), not a store read.
     */
    public Future<WrittenObject> updateWritten(
            String namespace,
            String name,
            String subresource,
            String precondition,
            UnaryOperator<ObjectNode> transform,
            WriteContext ctx) {
        String key = key(namespace, name);
        if (ctx.dryRun() || !reads.servesFromCache()) {
            // a dry run writes nothing that could guard a stale copy: it reads storage (DryRunnableStorage's Get)
            return updateFrom(null, key, name, subresource, transform, ctx);
        }
        // GuaranteedUpdate with a cached existing object: the watch cache's copy saves the read before the write;
        // the write's revision compare guards it, and any failure on it is judged again on a fresh read
        long named = revisionOf(precondition);
        return reads.getCachedForWrite(key, named)
                .transform(cached -> updateFrom(
                        cached.succeeded() && cached.result().modRevision() >= named ? cached.result() : null,
                        key,
                        name,
                        subresource,
                        transform,
                        ctx));
    }

    /** The revision a resourceVersion names; 0 for none or one that is not a revision (the attempt judges it). */
    private static long revisionOf(String resourceVersion) {
        if (resourceVersion.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(resourceVersion);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The update loop, starting from {@code cached} (possibly stale) or, when null, from a read of storage. */
    @SuppressWarnings("ReferenceEquality") // the attempt on the cached copy itself is the one possibly stale
    private Future<WrittenObject> updateFrom(
            StoredObject cached,
            String key,
            String name,
            String subresource,
            UnaryOperator<ObjectNode> transform,
            WriteContext ctx) {
        // decoding a large object and applying the change to it runs off the event loop
        return GuaranteedUpdate.loop(
                        cached,
                        false,
                        () -> storage.get(key),
                        UPDATE_ATTEMPTS,
                        current -> CpuWork.compose(
                                current.value().length + ctx.requestBytes(),
                                () -> updateAttempt(
                                        key, name, current, current == cached, subresource, transform, ctx)))
                .recover(t -> Future.failedFuture(storageFailure(t, name, "update")));
    }

    /**
     * An update or delete that would change nothing, found on a possibly stale copy: not answered from that copy (the
     * object may have moved on); the loop judges it again on a fresh read, as {@code origStateIsCurrent} does upstream.
     */
    private static final class UnchangedOnStaleCopy extends RuntimeException {
        UnchangedOnStaleCopy() {
            super("unchanged on a possibly stale copy", null, false, false);
        }
    }

    /**
     * One try at an update on {@code current}; a storage conflict comes back as it is (the loop tries again), any
     * other failure of admission or the write as an API error.
     */
    private Future<WrittenObject> updateAttempt(
            String key,
            String name,
            StoredObject current,
            boolean possiblyStale,
            String subresource,
            UnaryOperator<ObjectNode> transform,
            WriteContext ctx) {
        ObjectNode old = decode(current);
        // a transform that may edit what it is given gets a copy: the stored object stays the update's old one
        ObjectNode desired =
                conversion.toStorage(transform.apply(transform instanceof ReadingTransform ? old : old.deepCopy()));
        ModelForms forms = ctx.forms().copy();
        String desiredRv = ObjectTrees.resourceVersion(desired);
        if (desiredRv.isEmpty() && !strategy.allowUnconditionalUpdate()) {
            return Future.failedFuture(ApiException.invalid(
                    type.gvk(apiVersionOf(old)),
                    name,
                    List.of(FieldError.invalid(
                            "metadata.resourceVersion",
                            FieldError.verbatim("0x0"),
                            "must be specified for an update"))));
        }
        if (!desiredRv.isEmpty() && !desiredRv.equals(ObjectTrees.resourceVersion(old))) {
            return Future.failedFuture(ApiException.conflict(gr(), name, ApiException.OBJECT_MODIFIED));
        }
        // As the generic store: mutating admission sees the requested object, then the strategy
        // prepares and validates it, then validating admission sees the result.
        RequestMemo memo = new RequestMemo();
        return admission
                .admit(updateAttributes(desired, old, subresource, ctx, records(forms.copy(), memo)))
                .compose(v -> {
                    // the canonical form comes with the strategy's prepareForUpdate, before the kind's rules read it
                    defaultAfterAdmission(desired);
                    ObjectNode updated = isolate(desired, old, subresource);
                    PreparedUpdate prepared = prepareForUpdate(updated, old, subresource, forms);
                    if (!prepared.errors().isEmpty()) {
                        return Future.failedFuture(
                                ApiException.invalid(type.gvk(apiVersionOf(old)), name, prepared.errors()));
                    }
                    strategy.warningsOnUpdate(updated, old, subresource).forEach(ctx.warnings());
                    // validating plugins read (and never change) the record the canonical form was made from
                    ModelForms.Handed canonical = prepared.canonical();
                    return admission
                            .validate(updateAttributes(
                                    updated, old, subresource, ctx, AdmittedRecords.decodedBy(canonical::record, memo)))
                            .compose(w -> writeUpdate(key, current, possiblyStale, old, updated, ctx));
                })
                .recover(t -> Future.failedFuture(
                        isConflict(t) || t instanceof UnchangedOnStaleCopy
                                ? t
                                : StorageErrors.toApi(t, gr(), name, "update")));
    }

    private static boolean isConflict(Throwable t) {
        return t instanceof StorageException e && e.reason() == StorageException.Reason.CONFLICT;
    }

    /**
     * What the update and delete loops end with: a storage failure (the first read's, or the last conflict) as an
     * API error; anything else (a client error met before admission, already a Status or mapped by the handlers) as
     * it is.
     */
    private Throwable storageFailure(Throwable t, String name, String operation) {
        return t instanceof StorageException ? StorageErrors.toApi(t, gr(), name, operation) : t;
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
            JsonNode managedFields = ObjectTrees.meta(desired).get("managedFields");
            if (managedFields == null) {
                ObjectTrees.meta(result).remove("managedFields");
            } else {
                ObjectTrees.meta(result).set("managedFields", managedFields);
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

    /**
     * An update prepared and validated: its errors, or (when none) the object's canonical record handed on to the
     * validating plugins.
     */
    private record PreparedUpdate(List<FieldError> errors, ModelForms.Handed canonical) {}

    private PreparedUpdate prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource, ModelForms forms) {
        List<FieldError> errors = new ArrayList<>(MetadataValidation.validateUpdate(obj, old, type));
        ObjectNode meta = ObjectTrees.meta(obj);
        ObjectNode oldMeta = ObjectTrees.meta(old);
        for (String field : List.of("deletionTimestamp", "deletionGracePeriodSeconds", "generation")) {
            JsonNode v = oldMeta.get(field);
            if (v == null) {
                meta.remove(field);
            } else {
                meta.set(field, v);
            }
        }
        meta.put("resourceVersion", ObjectTrees.resourceVersion(old));
        if (ObjectTrees.isDeleting(old)) {
            List<String> added = new ArrayList<>(ObjectTrees.finalizers(obj));
            added.removeAll(ObjectTrees.finalizers(old));
            if (!added.isEmpty()) {
                errors.add(FieldError.forbidden(
                        "metadata.finalizers",
                        "no new finalizers can be added if the object is being deleted, found new finalizers "
                                + goStringSlice(added)));
            }
        }
        if (!errors.isEmpty()) {
            return new PreparedUpdate(errors, null);
        }
        ModelStrategy modelled = strategy instanceof ModelStrategy m ? m : null;
        Object prepared = null;
        if (modelled != null) {
            prepared = modelled.prepareForUpdate(obj, old, subresource, forms);
        } else {
            strategy.prepareForUpdate(obj, old, subresource);
        }
        if (strategy.tracksGeneration() && strategy.generationMoves(obj, old, subresource)) {
            // Re-read the metadata: the strategy may have replaced the object's content (canonical form).
            ObjectTrees.meta(obj).put("generation", ObjectTrees.generation(old) + 1);
            prepared = null; // the tree no longer encodes the prepared record
        }
        List<FieldError> invalid = modelled != null
                // the prepared object is validated as prepared: its record is the one the preparation made
                ? modelled.validateUpdate(obj, old, subresource, forms.handing(obj, prepared))
                : strategy.validateUpdate(obj, old, subresource);
        if (!invalid.isEmpty()) {
            return new PreparedUpdate(invalid, null);
        }
        return new PreparedUpdate(invalid, forms.handing(obj, canonicalize(obj, forms)));
    }

    /**
     * The strategy's canonical form, encoded from the record validation read where the object is still that: the record
     * {@code obj} now encodes, or null if not known.
     */
    private Object canonicalize(ObjectNode obj, ModelForms forms) {
        return canonicalize(obj, forms, null);
    }

    /** {@link #canonicalize(ObjectNode, ModelForms)} of the canonical encoding of {@code record} (null: not known). */
    private Object canonicalize(ObjectNode obj, ModelForms forms, Object record) {
        if (strategy instanceof ModelStrategy modelled) {
            return modelled.canonicalize(obj, forms, record);
        }
        strategy.canonicalize(obj);
        return null;
    }

    private static String goStringSlice(List<String> values) {
        StringBuilder sb = new StringBuilder("[]string{");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append('"').append(values.get(i)).append('"');
        }
        return sb.append('}').toString();
    }

    private Future<WrittenObject> writeUpdate(
            String key,
            StoredObject current,
            boolean possiblyStale,
            ObjectNode old,
            ObjectNode updated,
            WriteContext ctx) {
        if (sameContent(updated, old)) {
            // unchanged: the answer is the stored object, as a get's (its bytes, unless a conversion applies)
            return possiblyStale
                    ? Future.failedFuture(new UnchangedOnStaleCopy())
                    : Future.succeededFuture(new WrittenObject(
                            old, InputConversions.forObject(old).isPresent() ? null : current));
        }
        if (ctx.dryRun()) {
            return Future.succeededFuture(WrittenObject.withoutStored(updated));
        }
        if (ObjectTrees.isDeleting(updated)
                && ObjectTrees.finalizers(updated).isEmpty()
                && strategy.extraFinalizers(updated).isEmpty()) {
            // The last finalizer is gone: the update completes the deletion.
            return storage.delete(key, current.modRevision()).map(deleted -> {
                ObjectTrees.meta(updated).put("resourceVersion", Long.toString(deleted.modRevision()));
                return WrittenObject.withoutStored(updated);
            });
        }
        return withoutManagedFieldsIfTooLarge(updated, bytes -> storage.update(current, bytes));
    }

    /**
     * Whether the objects hold the same content but for {@code metadata.resourceVersion}, numbers by value: what
     * comparing copies without it (a missing or non-object metadata as an empty one) gives, without the copies.
     */
    static boolean sameContent(ObjectNode a, ObjectNode b) {
        if (a.size() + (a.has("metadata") ? 0 : 1) != b.size() + (b.has("metadata") ? 0 : 1)) {
            return false;
        }
        for (Map.Entry<String, JsonNode> field : a.properties()) {
            if (field.getKey().equals("metadata")) {
                continue;
            }
            JsonNode other = b.get(field.getKey());
            if (other == null || !ObjectTrees.sameJson(field.getValue(), other)) {
                return false;
            }
        }
        return sameButResourceVersion(a.get("metadata"), b.get("metadata"));
    }

    private static boolean sameButResourceVersion(JsonNode a, JsonNode b) {
        ObjectNode x = a instanceof ObjectNode on ? on : JsonNodeFactory.instance.objectNode();
        ObjectNode y = b instanceof ObjectNode on ? on : JsonNodeFactory.instance.objectNode();
        if (x.size() - (x.has("resourceVersion") ? 1 : 0) != y.size() - (y.has("resourceVersion") ? 1 : 0)) {
            return false;
        }
        for (Map.Entry<String, JsonNode> field : x.properties()) {
            if (field.getKey().equals("resourceVersion")) {
                continue;
            }
            JsonNode other = y.get(field.getKey());
            if (other == null || !ObjectTrees.sameJson(field.getValue(), other)) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------- delete

    /**
     * Deletes an object, or marks it as being deleted while finalizers remain; a storage conflict judges the
     * preconditions and admission again on the current object (the same loop as {@link #update}). With a watch cache
     * the first attempt starts from the cache's copy, as etcd3's {@code Delete} with a cached existing object: the
     * write's revision compare guards it, and any failure on it (a precondition, admission, the object gone) or an
     * answer it would give without writing is judged again on a fresh read.
     */
    public Future<DeleteResult> delete(String namespace, String name, DeleteRequest request, WriteContext ctx) {
        String key = key(namespace, name);
        if (ctx.dryRun() || !reads.servesFromCache()) {
            // a dry run writes nothing that could guard a stale copy: it reads storage
            return deleteFrom(null, key, name, request, ctx);
        }
        return reads.getCached(key)
                .transform(cached -> deleteFrom(cached.succeeded() ? cached.result() : null, key, name, request, ctx));
    }

    /** The delete loop, starting from {@code cached} (possibly stale) or, when null, from a read of storage. */
    @SuppressWarnings("ReferenceEquality") // the attempt on the cached copy itself is the one possibly stale
    private Future<DeleteResult> deleteFrom(
            StoredObject cached, String key, String name, DeleteRequest request, WriteContext ctx) {
        return GuaranteedUpdate.loop(
                        cached,
                        false,
                        () -> storage.get(key),
                        UPDATE_ATTEMPTS,
                        current -> deleteAttempt(key, name, current, current == cached, request, ctx))
                .recover(t -> Future.failedFuture(storageFailure(t, name, "delete")));
    }

    private Future<DeleteResult> deleteAttempt(
            String key,
            String name,
            StoredObject current,
            boolean possiblyStale,
            DeleteRequest request,
            WriteContext ctx) {
        ObjectNode old = decode(current);
        ApiException precondition = checkPreconditions(old, request);
        if (precondition != null) {
            return Future.failedFuture(precondition);
        }
        Attributes attrs = new Attributes(
                type.gvk(apiVersionOf(old)),
                gr(),
                "",
                ObjectTrees.namespace(old),
                name,
                Operation.DELETE,
                null,
                old,
                ctx.user(),
                ctx.dryRun(),
                ctx.warnings(),
                ctx.audit());
        return admission
                .run(attrs)
                .compose(v -> deleteOrMark(key, current, possiblyStale, old, request, ctx))
                .recover(t -> Future.failedFuture(
                        isConflict(t) || t instanceof UnchangedOnStaleCopy
                                ? t
                                : StorageErrors.toApi(t, gr(), name, "delete")));
    }

    private ApiException checkPreconditions(ObjectNode old, DeleteRequest request) {
        String uid = ObjectTrees.uid(old);
        if (request.preconditionUid() != null && !request.preconditionUid().equals(uid)) {
            return ApiException.conflict(
                    gr(),
                    ObjectTrees.name(old),
                    "Precondition failed: UID in precondition: " + request.preconditionUid() + ", UID in object meta: "
                            + uid);
        }
        String rv = ObjectTrees.resourceVersion(old);
        if (request.preconditionResourceVersion() != null
                && !request.preconditionResourceVersion().equals(rv)) {
            return ApiException.conflict(
                    gr(),
                    ObjectTrees.name(old),
                    "Precondition failed: ResourceVersion in precondition: " + request.preconditionResourceVersion()
                            + ", ResourceVersion in object meta: " + rv);
        }
        return null;
    }

    private Future<DeleteResult> deleteOrMark(
            String key,
            StoredObject current,
            boolean possiblyStale,
            ObjectNode old,
            DeleteRequest request,
            WriteContext ctx) {
        List<String> existing = ObjectTrees.finalizers(old);
        List<String> finalizers = finalizersForGarbageCollection(existing, request.propagationPolicy());
        if (finalizers.isEmpty() && strategy.extraFinalizers(old).isEmpty()) {
            if (ctx.dryRun()) {
                return Future.succeededFuture(new DeleteResult(old, true));
            }
            // the deleted value is the one decoded as old (the delete compared its revision): old is the answer, at
            // the delete's revision as upstream's Delete decodes it
            return storage.delete(key, current.modRevision()).map(deleted -> {
                ObjectTrees.meta(old).put("resourceVersion", Long.toString(deleted.modRevision()));
                return new DeleteResult(old, true);
            });
        }
        boolean finalizersChange = !new HashSet<>(finalizers).equals(new HashSet<>(existing));
        if (ObjectTrees.isDeleting(old)) {
            if (!finalizersChange) {
                return possiblyStale
                        ? Future.failedFuture(new UnchangedOnStaleCopy())
                        : Future.succeededFuture(new DeleteResult(old, false));
            }
            // a second delete may change how the dependents go (say, from foreground to orphan)
            ObjectNode refinalized = old.deepCopy();
            ObjectTrees.setFinalizers(refinalized, finalizers);
            if (ctx.dryRun()) {
                return Future.succeededFuture(new DeleteResult(refinalized, false));
            }
            return storage.update(current, ObjectTrees.encodeForStorage(refinalized))
                    .map(updated -> new DeleteResult(decode(updated), false));
        }
        ObjectNode marked = old.deepCopy();
        if (finalizersChange) {
            ObjectTrees.setFinalizers(marked, finalizers);
        }
        long generation = ObjectTrees.generation(old);
        if (generation > 0) {
            // markAsDeleting: starting the deletion is a change of desired state
            ObjectTrees.meta(marked).put("generation", generation + 1);
        }
        ObjectTrees.meta(marked).put("deletionTimestamp", ObjectTrees.now());
        ObjectTrees.meta(marked).put("deletionGracePeriodSeconds", 0);
        strategy.prepareForUpdate(marked, old, "");
        if (ctx.dryRun()) {
            return Future.succeededFuture(new DeleteResult(marked, false));
        }
        return storage.update(current, ObjectTrees.encodeForStorage(marked))
                .map(updated -> new DeleteResult(decode(updated), false));
    }

    /**
     * The finalizers a delete leaves, as {@code deletionFinalizersForGarbageCollection}: the garbage collector's own
     * ({@code orphan}, {@code foregroundDeletion}) follow the propagation policy, Background removing both; without a
     * policy the ones the object has stay.
     */
    static List<String> finalizersForGarbageCollection(List<String> existing, String propagationPolicy) {
        boolean orphan;
        boolean foreground;
        if (propagationPolicy == null) {
            // the first of the two the object has wins
            String first = existing.stream()
                    .filter(f -> ORPHAN_FINALIZER.equals(f) || FOREGROUND_FINALIZER.equals(f))
                    .findFirst()
                    .orElse("");
            orphan = ORPHAN_FINALIZER.equals(first);
            foreground = FOREGROUND_FINALIZER.equals(first);
        } else {
            orphan = "Orphan".equals(propagationPolicy);
            foreground = "Foreground".equals(propagationPolicy);
        }
        List<String> finalizers = new ArrayList<>();
        for (String f : existing) {
            if (!ORPHAN_FINALIZER.equals(f) && !FOREGROUND_FINALIZER.equals(f)) {
                finalizers.add(f);
            }
        }
        if (orphan) {
            finalizers.add(ORPHAN_FINALIZER);
        }
        if (foreground) {
            finalizers.add(FOREGROUND_FINALIZER);
        }
        return finalizers;
    }

    /**
     * Deletes every object of the collection the filter matches. The answer is the list the deletes worked from, its
     * items and revision as read before them (upstream's {@code DeleteCollection} answers its list so): an item whose
     * delete found it gone already is still in it, and one held by finalizers is as it was before being marked.
     */
    public Future<ListResult> deleteCollection(
            String namespace, Predicate<ObjectNode> filter, DeleteRequest request, WriteContext ctx) {
        return deleteCollectionOf(namespace, new ListQuery(0, false, 0, null, filter, false), request, ctx);
    }

    /** Pages of this many objects make up a collection delete without a limit (upstream's deleteCollectionPageSize). */
    static final long DELETE_COLLECTION_PAGE = 10_000;

    /**
     * Deletes what the query lists, as upstream's {@code DeleteCollection} pages through it: with a limit, the one page
     * the query names (its continue position, resourceVersion and selectors) and the answer is that page, with its
     * continue token and remaining count; without one, every page from the query's position on, in pages of
     * {@link #DELETE_COLLECTION_PAGE} read at the first one's revision, and the answer is the first page's list
     * metadata with the items of them all. Items are as listed, before their deletes.
     */
    public Future<ListResult> deleteCollectionOf(
            String namespace, ListQuery query, DeleteRequest request, WriteContext ctx) {
        // The collection is admitted once as a whole (name empty), then every object on its own.
        Attributes collection = new Attributes(
                type.gvk(type.versions().get(0)),
                gr(),
                "",
                namespace == null ? "" : namespace,
                "",
                Operation.DELETE,
                null,
                null,
                ctx.user(),
                ctx.dryRun(),
                ctx.warnings(),
                ctx.audit());
        return admission.run(collection).compose(v -> {
            if (query.limit() > 0) {
                return deleteListed(namespace, query, request, ctx);
            }
            ListQuery first = new ListQuery(
                    query.revision(),
                    query.exact(),
                    DELETE_COLLECTION_PAGE,
                    query.startKey(),
                    query.filter(),
                    query.fromContinue(),
                    query.anyState(),
                    query.selection());
            return deleteListed(namespace, first, request, ctx)
                    .compose(page -> deleteRest(namespace, first, page, new ArrayList<>(page.items()), request, ctx)
                            .map(items -> new ListResult(
                                    items, page.revision(), page.continueKey(), page.remainingItemCount())));
        });
    }

    /** The pages after {@code page} deleted in turn, at its revision; all the items listed, {@code items} first. */
    private Future<List<ObjectNode>> deleteRest(
            String namespace,
            ListQuery first,
            ListResult page,
            List<ObjectNode> items,
            DeleteRequest request,
            WriteContext ctx) {
        if (page.continueKey() == null) {
            return Future.succeededFuture(items);
        }
        ListQuery next = new ListQuery(
                page.revision(),
                true,
                DELETE_COLLECTION_PAGE,
                page.continueKey(),
                first.filter(),
                true,
                false,
                first.selection());
        return deleteListed(namespace, next, request, ctx).compose(listed -> {
            items.addAll(listed.items());
            return deleteRest(namespace, first, listed, items, request, ctx);
        });
    }

    /** Lists one page and deletes its items one after another (one found gone already counts as deleted). */
    private Future<ListResult> deleteListed(
            String namespace, ListQuery query, DeleteRequest request, WriteContext ctx) {
        return list(namespace, query).compose(listed -> {
            Future<Void> chain = Future.succeededFuture();
            for (ObjectNode item : listed.items()) {
                chain = chain.compose(v -> delete(ObjectTrees.namespace(item), ObjectTrees.name(item), request, ctx)
                        .<Void>mapEmpty()
                        .recover(t -> t instanceof ApiException e && e.code() == 404
                                ? Future.succeededFuture()
                                : Future.failedFuture(t)));
            }
            return chain.map(v -> listed);
        });
    }

    // ---------------------------------------------------------------------------------------- helpers

    /**
     * The mutating phase's records, decoded through {@code own}: a copy of what the write decoded so far, a memory of
     * the phase's own (the records of trees the plugins changed do not crowd out the forms the store converts from
     * afterwards).
     */
    private static AdmittedRecords records(ModelForms own, RequestMemo memo) {
        return records(own, memo, null);
    }

    /**
     * {@link #records(ModelForms, RequestMemo)} of a new object written since the form {@code own} knows last only at
     * {@code writtenSinceLatest} (null: not known).
     */
    private static AdmittedRecords records(
            ModelForms own, RequestMemo memo, ModelCodec.WrittenPaths writtenSinceLatest) {
        return AdmittedRecords.decodedBy(
                new AdmittedRecords.Decoder() {
                    @Override
                    public <T> T decode(ObjectNode tree, Class<T> type) {
                        return own.record(tree, type);
                    }

                    @Override
                    public <T> T decodeEdited(ObjectNode tree, Class<T> type) {
                        return own.editedRecord(tree, type);
                    }

                    @Override
                    public <T> T decodeWritten(
                            ObjectNode tree, Class<T> type, T last, ModelCodec.WrittenPaths written) {
                        return own.writtenRecord(tree, type, last, written);
                    }

                    @Override
                    public <T> T decodeWrittenSinceLatest(
                            ObjectNode tree, Class<T> type, ModelCodec.WrittenPaths written) {
                        return own.writtenSinceLatestRecord(tree, type, written);
                    }
                },
                memo,
                writtenSinceLatest);
    }

    private Attributes updateAttributes(
            ObjectNode obj, ObjectNode old, String subresource, WriteContext ctx, AdmittedRecords records) {
        return new Attributes(
                type.gvk(apiVersionOf(obj)),
                gr(),
                subresource,
                ObjectTrees.namespace(old),
                ObjectTrees.name(old),
                Operation.UPDATE,
                obj,
                old,
                ctx.user(),
                ctx.dryRun(),
                ctx.warnings(),
                ctx.audit(),
                records);
    }

    private Attributes attributes(
            Operation op, ObjectNode obj, ObjectNode old, WriteContext ctx, AdmittedRecords records) {
        return new Attributes(
                type.gvk(apiVersionOf(obj)),
                gr(),
                "",
                ObjectTrees.namespace(obj),
                ObjectTrees.name(obj),
                op,
                obj,
                old,
                ctx.user(),
                ctx.dryRun(),
                ctx.warnings(),
                ctx.audit(),
                records);
    }

    private String apiVersionOf(ObjectNode obj) {
        String apiVersion = JsonTrees.text(obj, "apiVersion");
        int slash = apiVersion.indexOf('/');
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return type.servesVersion(version) ? version : type.versions().get(0);
    }
}
