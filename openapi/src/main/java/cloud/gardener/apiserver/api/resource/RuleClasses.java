package cloud.gardener.apiserver.api.resource;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Optional;

/**
 * Where a module above this one keeps one kind of rule (validators, strategies, tables), found by name: the rule of
 * kind {@code K} is the class {@code K + suffix} in the first of {@code packages} that has one
 * ({@code ExposureClassValidator}, {@code ExposureClassStrategy}, {@code ExposureClassTable}), and the rule of
 * another served version {@code v} of it is {@code K + V + suffix} ({@code ControllerDeploymentV1beta1Validator}).
 * So a kind's rules need no registration beside its {@link KindDefinition}: the definition lists the kind, the
 * rule's name ties the rule to it. The lookups built on this check each class they find (its type, its
 * constructor) when they are first used, so a misnamed or mistyped rule fails at start-up, not on a request.
 *
 * @param role     the interface every rule of this kind implements
 * @param suffix   the role's part of a rule's name
 * @param packages where the rules are, searched in order
 */
public record RuleClasses(Class<?> role, String suffix, List<String> packages) {

    public RuleClasses {
        packages = List.copyOf(packages);
    }

    /** The rule of the kind's storage version, if the kind has one. */
    public Optional<Class<?>> of(KindDefinition<?> definition) {
        return named(definition.kind());
    }

    /** The rule of the kind in {@code version} when that is not its storage version, if there is one. */
    public Optional<Class<?>> of(KindDefinition<?> definition, String version) {
        if (version.equals(definition.type().storageVersion())) {
            return of(definition);
        }
        return named(definition.kind() + Character.toUpperCase(version.charAt(0)) + version.substring(1));
    }

    /** The public constructor of {@code rule} taking {@code parameterTypes}, which a rule must have to be made. */
    public Constructor<?> constructor(Class<?> rule, Class<?>... parameterTypes) {
        try {
            return rule.getConstructor(parameterTypes);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(
                    rule.getName() + " needs a public constructor taking " + List.of(parameterTypes) + " to be a rule",
                    e);
        }
    }

    /** A new rule from {@code constructor}. */
    public static Object create(Constructor<?> constructor, Object... arguments) {
        try {
            return constructor.newInstance(arguments);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(
                    "cannot create " + constructor.getDeclaringClass().getName(), e);
        }
    }

    private Optional<Class<?>> named(String prefix) {
        for (String pkg : packages) {
            Class<?> found;
            try {
                found = Class.forName(pkg + "." + prefix + suffix, false, role.getClassLoader());
            } catch (ClassNotFoundException e) {
                continue;
            }
            if (!role.isAssignableFrom(found)) {
                throw new IllegalStateException(found.getName() + " is named as a rule but is no " + role.getName());
            }
            return Optional.of(found);
        }
        return Optional.empty();
    }
}
