package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The per-kind rules of the generic store, as {@code RESTCreateStrategy}/{@code RESTUpdateStrategy}.
 * The defaults are the conventional behaviour: generation moves when anything outside metadata and
 * status changes; no extra validation.
 */
public interface ResourceStrategy {

    ResourceStrategy DEFAULT = new ResourceStrategy() {};

    /** For kinds without {@code metadata.generation} (core/v1 ConfigMap and the like). */
    ResourceStrategy WITHOUT_GENERATION = new ResourceStrategy() {
        @Override
        public boolean tracksGeneration() {
            return false;
        }
    };

    /** Whether objects carry {@code metadata.generation} (1 on create, moved by spec changes). */
    default boolean tracksGeneration() {
        return true;
    }

    /** Sets server-owned fields of a new object (after the generic metadata is set). */
    default void prepareForCreate(ObjectNode obj) {}

    /**
     * Adjusts an updated object given the stored one, after status isolation.
     *
     * @param subresource empty for the main resource; {@code status}, {@code binding}, ... otherwise
     */
    default void prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {}

    /**
     * Whether this update moves {@code metadata.generation} (asked after {@link #prepareForUpdate}, only when
     * {@link #tracksGeneration()}). By default: a change outside metadata and status, through the main resource.
     */
    default boolean generationMoves(ObjectNode obj, ObjectNode old, String subresource) {
        return subresource.isEmpty() && specChanged(obj, old);
    }

    /**
     * Whether a PUT without {@code metadata.resourceVersion} may overwrite unconditionally
     * ({@code AllowUnconditionalUpdate}); when not, it is 422.
     */
    default boolean allowUnconditionalUpdate() {
        return true;
    }

    /**
     * Whether a PUT of a missing object creates it ({@code AllowCreateOnUpdate}); when not, it is 404. Only events
     * allow it among the kinds served here (client-go's event recorder writes them so).
     */
    default boolean allowCreateOnUpdate() {
        return false;
    }

    /**
     * Whether a create drops the client's {@code status} (asked only for kinds with a status subresource). Most
     * Gardener kinds reset it in {@code PrepareForCreate}; a few (Bastion, Gardenlet) keep what the client sent.
     */
    default boolean resetsStatusOnCreate() {
        return true;
    }

    /**
     * Whether an update through the main resource keeps the stored {@code status} (asked only for kinds with a
     * status subresource). Gardenlet's strategy is the exception: its main resource writes the status too.
     */
    default boolean keepsStatusOnUpdate() {
        return true;
    }

    /**
     * {@code Canonicalize}: brings a valid object into its stored form, after validation of every create and
     * update, as {@code rest.BeforeCreate} and {@code rest.BeforeUpdate} do.
     */
    default void canonicalize(ObjectNode obj) {}

    /**
     * {@link #canonicalize}, answering where it may have written the object: null when it cannot tell (anywhere), else
     * the places, so that the canonical form of the rest need not be looked at again.
     */
    default ModelCodec.WrittenPaths canonicalizeWriting(ObjectNode obj) {
        canonicalize(obj);
        return null;
    }

    /** Static validation of a new object. */
    default List<FieldError> validate(ObjectNode obj) {
        return List.of();
    }

    /** Static validation of an update. */
    default List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
        return List.of();
    }

    /**
     * Static validation of an update through a subresource ({@code status}, {@code binding}, ...) or, when
     * {@code subresource} is empty, the main resource. As Gardener's subresource strategies inherit the main
     * {@code ValidateUpdate} unless they override it, this is {@link #validateUpdate(ObjectNode, ObjectNode)} by
     * default.
     */
    default List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        return validateUpdate(obj, old);
    }

    /** Warnings for the client on a create that passed validation ({@code WarningsOnCreate}). */
    default List<String> warningsOnCreate(ObjectNode obj) {
        return List.of();
    }

    /** Warnings for the client on an update that passed validation ({@code WarningsOnUpdate}). */
    default List<String> warningsOnUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        return List.of();
    }

    /**
     * Finalizers kept outside {@code metadata.finalizers} that also hold a deleted object, such as a
     * namespace's {@code spec.finalizers}.
     */
    default List<String> extraFinalizers(ObjectNode obj) {
        return List.of();
    }

    /** Whether anything outside metadata and status differs. */
    default boolean specChanged(ObjectNode obj, ObjectNode old) {
        return !ObjectTrees.sameJson(withoutMetaAndStatus(obj), withoutMetaAndStatus(old));
    }

    static JsonNode withoutMetaAndStatus(ObjectNode obj) {
        ObjectNode copy = obj.deepCopy();
        copy.remove("metadata");
        copy.remove("status");
        copy.remove("apiVersion");
        copy.remove("kind");
        return copy;
    }
}
