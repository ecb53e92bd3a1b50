package cloud.gardener.apiserver.admission;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The admission module's rules (the design's module table): plugins read objects through {@link ObjectLookup} and
 * dry-run through {@link DryRunClient}; they never write to storage themselves, nor know the server above them.
 */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU per module in the fast loop).
     */
    private static final JavaClasses ADMISSION = new ClassFileImporter()
            .importUrl(
                    AdmissionChain.class.getProtectionDomain().getCodeSource().getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage("cloud.gardener.apiserver.admission.."));

    @Test
    void admissionDoesNotWriteToStorage() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("cloud.gardener.apiserver.storage..", "io.etcd..", "java.sql..")
                .because("a plugin decides on an object; the registry stores it once the chain has passed")
                .check(ADMISSION);
    }

    @Test
    void admissionServesNothing() {
        // an HTTP client is allowed (the admission webhooks call out); serving and routing are the apiserver's
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.ext..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("io\\.vertx\\.core\\.http\\.HttpServer.*")
                .check(ADMISSION);
    }

    @Test
    void admissionKnowsNoModuleAboveIt() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "cloud.gardener.apiserver.server..",
                        "cloud.gardener.apiserver.registry..",
                        "cloud.gardener.apiserver.endpoints..",
                        "cloud.gardener.apiserver.audit..",
                        "cloud.gardener.apiserver.metrics..")
                .because("dependencies point one way: the server wires admission, not the other way round")
                .check(ADMISSION);
    }
}
