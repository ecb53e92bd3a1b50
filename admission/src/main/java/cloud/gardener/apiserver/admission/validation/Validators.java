package cloud.gardener.apiserver.admission.validation;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The validator of each kind and version, applied to JSON objects through the kind's record. */
public final class Validators {

    /** A validator with the record class it reads. */
    private record Entry<T>(Class<T> type, Validator<T> validator) {

        List<FieldError> validate(ObjectNode obj) {
            return validator.validate(ModelCodec.decode(obj, type).value());
        }

        List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old) {
            return validator.validateUpdate(ModelCodec.decode(obj, type).value(), ModelCodec.decode(old, type).value());
        }
    }

    private static final Map<GroupVersionKind, Entry<?>> VALIDATORS = Map.ofEntries();

    /** One registration: {@code kind("core.gardener.cloud", "v1beta1", "Shoot", Shoot.class, new ShootValidator())}. */
    static <T> Map.Entry<GroupVersionKind, Entry<?>> kind(String group, String version, String kind, Class<T> type,
                                                         Validator<T> validator) {
        return Map.entry(new GroupVersionKind(group, version, kind), new Entry<>(type, validator));
    }

    private Validators() {
    }

    public static boolean has(GroupVersionKind gvk) {
        return VALIDATORS.containsKey(gvk);
    }

    /** The errors of a new object; empty when the kind has no validator. */
    public static List<FieldError> validate(GroupVersionKind gvk, ObjectNode obj) {
        return Optional.ofNullable(VALIDATORS.get(gvk)).map(e -> e.validate(obj)).orElse(List.of());
    }

    /** The errors of an update; empty when the kind has no validator. */
    public static List<FieldError> validateUpdate(GroupVersionKind gvk, ObjectNode obj, ObjectNode old) {
        return Optional.ofNullable(VALIDATORS.get(gvk)).map(e -> e.validateUpdate(obj, old)).orElse(List.of());
    }
}
