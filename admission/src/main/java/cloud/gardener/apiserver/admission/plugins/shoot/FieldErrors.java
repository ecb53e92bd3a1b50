package cloud.gardener.apiserver.admission.plugins.shoot;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Go's {@code field.ErrorList.ToAggregate().Error()}: one message as is, several deduplicated in brackets. */
public final class FieldErrors {

    private FieldErrors() {}

    public static String aggregate(List<FieldError> errors) {
        Set<String> messages = new LinkedHashSet<>();
        errors.forEach(e -> messages.add(e.toString()));
        if (messages.size() == 1) {
            return messages.iterator().next();
        }
        return "[" + String.join(", ", messages) + "]";
    }
}
