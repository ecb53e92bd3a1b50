package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.admission.validation.events.EventValidator;
import cloud.gardener.apiserver.api.k8s.corev1.Event;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.registry.ResourceStrategy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Events as kube-apiserver's event strategy keeps them: no generation, updates without a resourceVersion allowed, a
 * PUT of a missing event creates it, and kube-apiserver's Event validation on the stored core/v1 form, strict for
 * writes through {@code events.k8s.io/v1}.
 */
public final class EventStrategy implements ResourceStrategy {

    private final EventValidator validator;

    /** @param eventsV1 whether this strategy serves {@code events.k8s.io/v1} (strict validation) */
    public EventStrategy(boolean eventsV1) {
        this.validator = new EventValidator(eventsV1);
    }

    @Override
    public boolean tracksGeneration() {
        return false;
    }

    @Override
    public boolean allowUnconditionalUpdate() {
        return true;
    }

    /** kube-apiserver's event strategy creates on update: client-go's recorder PUTs an event it may not have made. */
    @Override
    public boolean allowCreateOnUpdate() {
        return true;
    }

    @Override
    public List<FieldError> validate(ObjectNode obj) {
        return validator.validate(event(obj));
    }

    @Override
    public List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
        return validator.validateUpdate(event(obj), event(old));
    }

    private static Event event(ObjectNode obj) {
        return ModelCodec.decode(obj, Event.class).value();
    }
}
