package cloud.gardener.apiserver.api.resource;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The guard of {@link RuleClasses}: a rule is found by its name only, so a misnamed one (a typo in the kind, another
 * suffix) would silently not be used. Every rule class in the lookup's packages must be one that some kind's
 * definition finds.
 */
public final class RuleOrphans {

    private RuleOrphans() {}

    /**
     * The rules in {@code rules}' packages (the main code's) that no kind's lookup finds: every concrete top-level
     * class implementing the role must be among {@code found} of some kind, or made by the lookup otherwise.
     *
     * @param found         the rule classes the lookup uses for a kind (by the lookup's own {@link RuleClasses})
     * @param madeOtherwise rules the lookup makes by hand (they need no name of a kind)
     */
    public static List<String> of(
            RuleClasses rules, Function<KindDefinition<?>, Stream<Class<?>>> found, Set<Class<?>> madeOtherwise) {
        return of(
                rules,
                found,
                madeOtherwise,
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                        .importPackages(rules.packages()));
    }

    static List<String> of(
            RuleClasses rules,
            Function<KindDefinition<?>, Stream<Class<?>>> found,
            Set<Class<?>> madeOtherwise,
            JavaClasses classes) {
        Set<Class<?>> used = new HashSet<>(madeOtherwise);
        Kinds.ALL.stream().flatMap(found).forEach(used::add);
        return classes.stream()
                .filter(c -> rules.packages().contains(c.getPackageName()) && c.isTopLevelClass())
                .map(JavaClass::reflect)
                .filter(c -> rules.role().isAssignableFrom(c)
                        && !c.isInterface()
                        && !Modifier.isAbstract(c.getModifiers())
                        && !used.contains(c))
                .map(Class::getName)
                .sorted()
                .toList();
    }
}
