package cloud.gardener.apiserver.admission.validation;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;

/**
 * A kind's static validation, as Gardener's {@code Validate<Kind>} and {@code Validate<Kind>Update}: pure
 * checks of one object (and its previous state), run by the registry strategy on every write. Rules that
 * need other objects belong to admission plugins.
 *
 * @param <T> the kind's record
 */
public interface Validator<T> {

    List<FieldError> validate(T object);

    /** Update rules (immutable fields, allowed transitions) plus, as in Gardener, the create rules. */
    List<FieldError> validateUpdate(T object, T old);

    /**
     * Rules of an update through the {@code status} subresource, where only the status changed. Gardener's status
     * strategies check the status alone ({@code Validate<Kind>StatusUpdate}); kinds that do not say otherwise keep
     * the full update rules.
     */
    default List<FieldError> validateStatusUpdate(T object, T old) {
        return validateUpdate(object, old);
    }
}
