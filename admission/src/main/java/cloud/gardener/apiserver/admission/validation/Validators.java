package cloud.gardener.apiserver.admission.validation;

import cloud.gardener.apiserver.admission.validation.core.ShootValidator;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.RuleClasses;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The validator of each kind and version, found by its name from the kind's definition ({@code ExposureClassValidator}
 * for ExposureClass, {@code ControllerDeploymentV1beta1Validator} for another served version) and applied to JSON
 * objects through the definition's record for that version.
 */
public final class Validators {

    /**
     * How a validator has its record from a tree: decoded, or taken from what the write decoded before (the registry's
     * memory of the write's records).
     */
    public interface Records {
        <T> T of(ObjectNode obj, Class<T> type);
    }

    private static final Records DECODE = new Records() {
        @Override
        public <T> T of(ObjectNode obj, Class<T> type) {
            return ModelCodec.decode(obj, type).value();
        }
    };

    /** A validator with the record class it reads. */
    private record Entry<T>(Class<T> type, Validator<T> validator) {

        List<FieldError> validate(ObjectNode obj, Records records) {
            return validator.validate(records.of(obj, type));
        }

        List<FieldError> validateUpdate(ObjectNode obj, ObjectNode old, Records records) {
            return validator.validateUpdate(records.of(obj, type), records.of(old, type));
        }

        List<FieldError> validateStatusUpdate(ObjectNode obj, ObjectNode old, Records records) {
            return validator.validateStatusUpdate(records.of(obj, type), records.of(old, type));
        }
    }

    /**
     * The validators, by name: {@code <Kind>Validator} in one of these packages (see {@link RuleClasses}); not private,
     * for the test that no validator is misnamed.
     */
    static final RuleClasses RULES = new RuleClasses(
            Validator.class,
            "Validator",
            List.of(
                    "cloud.gardener.apiserver.admission.validation.core",
                    "cloud.gardener.apiserver.admission.validation.seedmanagement",
                    "cloud.gardener.apiserver.admission.validation.operations",
                    "cloud.gardener.apiserver.admission.validation.security",
                    "cloud.gardener.apiserver.admission.validation.operator"));

    /**
     * Validators not made by their no-argument constructor: this server's admission fills a Shoot's Kubernetes
     * version and machine images from its CloudProfile before validation.
     */
    private static final Map<GroupVersionKind, Validator<?>> CONFIGURED =
            Map.of(Kinds.SHOOT.type().storageGvk(), new ShootValidator(true));

    private static final Map<GroupVersionKind, Entry<?>> VALIDATORS = index();

    private Validators() {}

    /** The validator of every kind and version whose record has one, each checked to read that record. */
    private static Map<GroupVersionKind, Entry<?>> index() {
        Map<GroupVersionKind, Entry<?>> map = new HashMap<>();
        for (KindDefinition<?> definition : Kinds.ALL) {
            for (String version : definition.type().versions()) {
                Optional<Class<?>> model = definition.model(version);
                Optional<Class<?>> rule = RULES.of(definition, version);
                if (model.isPresent() && rule.isPresent()) {
                    GroupVersionKind gvk = definition.type().gvk(version);
                    Validator<?> validator = CONFIGURED.get(gvk);
                    map.put(
                            gvk,
                            entry(
                                    model.get(),
                                    validator != null
                                            ? validator
                                            : (Validator<?>) RuleClasses.create(RULES.constructor(rule.get()))));
                }
            }
        }
        return Map.copyOf(map);
    }

    /** The validator with the record it reads, which must be the one its class declares. */
    @SuppressWarnings("unchecked") // checked against the type argument of the validator's Validator<T>
    private static <T> Entry<T> entry(Class<T> model, Validator<?> validator) {
        Type declared = Arrays.stream(validator.getClass().getGenericInterfaces())
                .filter(t -> t instanceof ParameterizedType p && p.getRawType() == Validator.class)
                .map(t -> ((ParameterizedType) t).getActualTypeArguments()[0])
                .findFirst()
                .orElse(null);
        if (!model.equals(declared)) {
            throw new IllegalStateException(validator.getClass().getName() + " does not validate " + model.getName());
        }
        return new Entry<>(model, (Validator<T>) validator);
    }

    public static boolean has(GroupVersionKind gvk) {
        return VALIDATORS.containsKey(gvk);
    }

    /** The errors of a new object; empty when the kind has no validator. */
    public static List<FieldError> validate(GroupVersionKind gvk, ObjectNode obj) {
        return validate(gvk, obj, DECODE);
    }

    /** {@link #validate(GroupVersionKind, ObjectNode)} with the record had from {@code records}. */
    public static List<FieldError> validate(GroupVersionKind gvk, ObjectNode obj, Records records) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validate(obj, records))
                .orElse(List.of());
    }

    /** The errors of an update; empty when the kind has no validator. */
    public static List<FieldError> validateUpdate(GroupVersionKind gvk, ObjectNode obj, ObjectNode old) {
        return validateUpdate(gvk, obj, old, DECODE);
    }

    /** {@link #validateUpdate(GroupVersionKind, ObjectNode, ObjectNode)} with the records had from {@code records}. */
    public static List<FieldError> validateUpdate(
            GroupVersionKind gvk, ObjectNode obj, ObjectNode old, Records records) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validateUpdate(obj, old, records))
                .orElse(List.of());
    }

    /**
     * The errors of an update through the {@code status} subresource, with the records had from {@code records};
     * empty when the kind has no validator.
     */
    public static List<FieldError> validateStatusUpdate(
            GroupVersionKind gvk, ObjectNode obj, ObjectNode old, Records records) {
        return Optional.ofNullable(VALIDATORS.get(gvk))
                .map(e -> e.validateStatusUpdate(obj, old, records))
                .orElse(List.of());
    }
}
