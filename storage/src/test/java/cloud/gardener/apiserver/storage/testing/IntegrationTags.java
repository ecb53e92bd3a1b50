package cloud.gardener.apiserver.storage.testing;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Tags;

/**
 * Keeps the fast loop ({@code mvn test}, which leaves out {@code @Tag("integration")}) free of tests that
 * need etcd, kubectl, the Python client, a child process or a running server: a test class that uses one of
 * {@code heavyHelpers} (itself, in a nested class or a lambda) must carry the tag, on itself or a superclass.
 */
public final class IntegrationTags {

    /** The tag of the tests the fast loop leaves out. */
    public static final String INTEGRATION = "integration";

    private IntegrationTags() {}

    /**
     * The test classes under {@code rootPackage} (this module's test classes only) that use a heavy helper without
     * the tag, each with the helper it uses.
     *
     * @param moduleTest a test class of the module: its test classes are read from the folder (or jar) it was loaded
     *     from, not found by scanning the whole class path (a second or more of CPU in the fast loop)
     * @param heavyHelpers fully qualified names of the classes that start etcd, kubectl, a process or a server
     */
    public static Set<String> untagged(Class<?> moduleTest, String rootPackage, Set<String> heavyHelpers) {
        JavaClasses tests = new ClassFileImporter()
                .importUrl(moduleTest.getProtectionDomain().getCodeSource().getLocation())
                .that(JavaClass.Predicates.resideInAPackage(rootPackage + ".."));
        Set<String> untagged = new TreeSet<>();
        for (JavaClass c : tests) {
            JavaClass top = topLevel(c);
            if (!isTest(top) || tagged(top)) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (heavyHelpers.contains(d.getTargetClass().getName())) {
                    untagged.add(top.getName() + " uses " + d.getTargetClass().getSimpleName());
                }
            }
        }
        return untagged;
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass top = c;
        for (Optional<JavaClass> outer = c.getEnclosingClass();
                outer.isPresent();
                outer = outer.get().getEnclosingClass()) {
            top = outer.get();
        }
        return top;
    }

    /** A class JUnit runs: it or a superclass declares a test method. */
    private static boolean isTest(JavaClass c) {
        for (JavaClass k = c; k != null; k = k.getRawSuperclass().orElse(null)) {
            for (JavaMethod m : k.getMethods()) {
                if (m.isAnnotatedWith("org.junit.jupiter.api.Test")
                        || m.isAnnotatedWith("org.junit.jupiter.params.ParameterizedTest")
                        || m.isAnnotatedWith("org.junit.jupiter.api.TestFactory")
                        || m.isAnnotatedWith("org.junit.jupiter.api.RepeatedTest")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code @Tag} is inherited: the tag on a superclass counts. */
    private static boolean tagged(JavaClass c) {
        for (JavaClass k = c; k != null; k = k.getRawSuperclass().orElse(null)) {
            if (k.tryGetAnnotationOfType(Tag.class)
                            .map(t -> t.value().equals(INTEGRATION))
                            .orElse(false)
                    || k.tryGetAnnotationOfType(Tags.class)
                            .map(ts -> Arrays.stream(ts.value())
                                    .anyMatch(t -> t.value().equals(INTEGRATION)))
                            .orElse(false)) {
                return true;
            }
        }
        return false;
    }
}
