package cloud.gardener.apiserver.storage;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.testing.IntegrationTags;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The storage module's rules (the design's module table): it knows object metadata only, never a Gardener kind. */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU per module in the fast loop).
     */
    private static final JavaClasses STORAGE = new ClassFileImporter()
            .importUrl(Storage.class.getProtectionDomain().getCodeSource().getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage("cloud.gardener.apiserver.storage.."));

    @Test
    void storageKnowsNoGardenerKind() {
        // from the model: JSON and YAML helpers, metadata (names, group/resource) and field errors; no kind's record
        noClasses()
                .should()
                .dependOnClassesThat(resideInAPackage("cloud.gardener.apiserver.api..")
                        .and(not(resideInAnyPackage(
                                "cloud.gardener.apiserver.api.json..",
                                "cloud.gardener.apiserver.api.meta..",
                                "cloud.gardener.apiserver.api.validation.."))))
                .because("storage moves bytes and metadata; the kinds belong to the model and the registry")
                .check(STORAGE);
    }

    @Test
    void storageKnowsNoHttp() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.core.http..", "io.vertx.ext.web..")
                .because("storage is reached through its contract; serving is the apiserver's")
                .check(STORAGE);
    }

    @Test
    void storageNamesNoGardenerGroup() throws IOException {
        // a string constant leaves no dependency in the class files: the sources are read for it
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".java"))
                            .filter(f -> read(f).contains("gardener.cloud\""))
                            .map(Path::toString))
                    .isEmpty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void storageKnowsNoModuleAboveIt() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "cloud.gardener.apiserver.certs..",
                        "cloud.gardener.apiserver.authz..",
                        "cloud.gardener.apiserver.authn..",
                        "cloud.gardener.apiserver.delegation..",
                        "cloud.gardener.apiserver.admission..",
                        "cloud.gardener.apiserver.server..",
                        "cloud.gardener.apiserver.registry..",
                        "cloud.gardener.apiserver.endpoints..",
                        "cloud.gardener.apiserver.openapi..",
                        "cloud.gardener.apiserver.discovery..")
                .because("dependencies point one way: storage builds on the model only")
                .check(STORAGE);
    }

    /** What a test needs etcd or a child process for (named, not referenced: a reference would count as a use). */
    private static final Set<String> HEAVY = Set.of(
            "cloud.gardener.apiserver.storage.testing.EtcdExtension",
            "cloud.gardener.apiserver.storage.testing.EtcdClusterExtension",
            "cloud.gardener.apiserver.storage.etcd3.EtcdProcess",
            "java.lang.ProcessBuilder");

    @Test
    void testsThatStartEtcdOrAProcessAreTaggedIntegration() {
        assertThat(IntegrationTags.untagged(ArchitectureTest.class, "cloud.gardener.apiserver.storage", HEAVY))
                .as("tests the fast loop (mvn test) would run without etcd")
                .isEmpty();
    }
}
