package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.admission.validation.Validators;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A kind's strategy with its typed model applied last: whatever the server changed (status cleared,
 * metadata set), the object is stored in the canonical JSON of its model, exactly as the Go server
 * would encode it.
 */
final class ModelStrategy implements ResourceStrategy {

    private final ResourceType type;
    private final ResourceStrategy delegate;
    /** Whether the delegate has a prepareForUpdate of its own (else it leaves the canonical object as it is). */
    private final boolean delegatePreparesUpdates;

    ModelStrategy(ResourceType type, ResourceStrategy delegate) {
        this.type = type;
        this.delegate = delegate;
        this.delegatePreparesUpdates =
                overrides(delegate, "prepareForUpdate", ObjectNode.class, ObjectNode.class, String.class);
    }

    private static boolean overrides(ResourceStrategy strategy, String method, Class<?>... parameters) {
        try {
            return strategy.getClass().getMethod(method, parameters).getDeclaringClass() != ResourceStrategy.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Wraps {@code delegate} when any version of the kind has a model. */
    static ResourceStrategy wrap(ResourceType type, ResourceStrategy delegate) {
        boolean modelled = type.versions().stream()
                .anyMatch(v -> ResourceModels.of(type.gvk(v)).isPresent());
        return modelled ? new ModelStrategy(type, delegate) : delegate;
    }

    @Override
    public void prepareForCreate(ObjectNode obj) {
        prepareForCreate(obj, new ModelForms());
    }

    /**
     * {@link #prepareForCreate(ObjectNode)}, taking the canonical form from what the write already knows.
     *
     * @return the record {@code obj} is now the canonical encoding of, or null when its version has no model
     */
    Object prepareForCreate(ObjectNode obj, ModelForms forms) {
        delegate.prepareForCreate(obj);
        return toCanonicalJson(obj, forms);
    }

    @Override
    public void prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        prepareForUpdate(obj, old, subresource, new ModelForms());
    }

    /**
     * {@link #prepareForUpdate(ObjectNode, ObjectNode, String)}, with what the write already knows.
     *
     * @return the record {@code obj} is now the canonical encoding of, or null when its version has no model
     */
    Object prepareForUpdate(ObjectNode obj, ObjectNode old, String subresource, ModelForms forms) {
        // The kind's rules compare with the stored (canonical) object: a patched tree is made canonical first. Mutating
        // admission and the defaulting after it may have changed any member: those that did are converted alone.
        Optional<Class<?>> model = model(obj);
        Object record = model.isPresent() ? forms.canonicalizeEdited(obj, model.get()) : null;
        if (delegatePreparesUpdates) {
            delegate.prepareForUpdate(obj, old, subresource);
            record = toCanonicalJson(obj, forms);
        }
        return record;
    }

    @Override
    public List<FieldError> validate(ObjectNode obj) {
        return validate(obj, new ModelForms());
    }

    /** {@link #validate(ObjectNode)}, the validator reading the record the write already has for the object. */
    List<FieldError> validate(ObjectNode obj, ModelForms forms) {
        return validate(obj, forms.handing(obj, null));
    }

    /** {@link #validate(ObjectNode, ModelForms)}, the record handed on by the step that made it. */
    List<FieldError> validate(ObjectNode obj, ModelForms.Handed records) {
        List<FieldError> errors = new ArrayList<>(delegate.validate(obj));
        errors.addAll(Validators.validate(gvk(obj), obj, records::record));
        return errors;
    }

    @Override
    public List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
        List<FieldError> errors = new ArrayList<>(delegate.validateUpdate(obj, old));
        errors.addAll(Validators.validateUpdate(gvk(obj), obj, old));
        return errors;
    }

    @Override
    public List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        return validateUpdate(obj, old, subresource, new ModelForms().handing(obj, null));
    }

    /**
     * {@link #validateUpdate(ObjectNode, ObjectNode, String)}, reading the records the write already has: the object's
     * as handed on by the step that made it.
     */
    List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old, String subresource, ModelForms.Handed records) {
        List<FieldError> errors = new ArrayList<>(delegate.validateUpdate(obj, old, subresource));
        errors.addAll(
                "status".equals(subresource)
                        ? Validators.validateStatusUpdate(gvk(obj), obj, old, records::record)
                        : Validators.validateUpdate(gvk(obj), obj, old, records::record));
        return errors;
    }

    @Override
    public void canonicalize(ObjectNode obj) {
        canonicalize(obj, new ModelForms());
    }

    /**
     * {@link #canonicalize(ObjectNode)}: the canonical form encoded from the record validation read, when it can.
     *
     * @return the record {@code obj} is now the canonical encoding of, or null when its version has no model
     */
    Object canonicalize(ObjectNode obj, ModelForms forms) {
        return canonicalize(obj, forms, null);
    }

    /**
     * {@link #canonicalize(ObjectNode, ModelForms)} of the canonical encoding of {@code record} (null: not known): where
     * the delegate names the places it wrote, those alone are converted ({@link ModelForms#canonicalizeWritten}).
     */
    Object canonicalize(ObjectNode obj, ModelForms forms, Object record) {
        ModelCodec.WrittenPaths written = delegate.canonicalizeWriting(obj);
        Optional<Class<?>> model = model(obj);
        if (model.isEmpty()) {
            return null;
        }
        return written == null || record == null
                ? forms.canonicalize(obj, model.get())
                : forms.canonicalizeWritten(obj, model.get(), record, written);
    }

    @Override
    public ModelCodec.WrittenPaths canonicalizeWriting(ObjectNode obj) {
        return delegate.canonicalizeWriting(obj);
    }

    @Override
    public List<String> warningsOnCreate(ObjectNode obj) {
        return delegate.warningsOnCreate(obj);
    }

    @Override
    public List<String> warningsOnUpdate(ObjectNode obj, ObjectNode old, String subresource) {
        return delegate.warningsOnUpdate(obj, old, subresource);
    }

    @Override
    public List<String> extraFinalizers(ObjectNode obj) {
        return delegate.extraFinalizers(obj);
    }

    @Override
    public boolean tracksGeneration() {
        return delegate.tracksGeneration();
    }

    @Override
    public boolean specChanged(ObjectNode obj, ObjectNode old) {
        return delegate.specChanged(obj, old);
    }

    @Override
    public boolean generationMoves(ObjectNode obj, ObjectNode old, String subresource) {
        return delegate.generationMoves(obj, old, subresource);
    }

    @Override
    public boolean allowUnconditionalUpdate() {
        return delegate.allowUnconditionalUpdate();
    }

    @Override
    public boolean allowCreateOnUpdate() {
        return delegate.allowCreateOnUpdate();
    }

    @Override
    public boolean resetsStatusOnCreate() {
        return delegate.resetsStatusOnCreate();
    }

    @Override
    public boolean keepsStatusOnUpdate() {
        return delegate.keepsStatusOnUpdate();
    }

    private Object toCanonicalJson(ObjectNode obj, ModelForms forms) {
        Optional<Class<?>> model = model(obj);
        return model.isPresent() ? forms.canonicalize(obj, model.get()) : null;
    }

    /** The model of the object's own version (objects of a multi-version kind keep the version they were written in). */
    private Optional<Class<?>> model(ObjectNode obj) {
        return ResourceModels.of(gvk(obj));
    }

    private GroupVersionKind gvk(ObjectNode obj) {
        String apiVersion = JsonTrees.text(obj, "apiVersion");
        String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
        return new GroupVersionKind(type.group(), version, type.kind());
    }
}
