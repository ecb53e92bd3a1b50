package cloud.gardener.apiserver.openapi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The openapi module's rules (the design's module table): the model does no I/O and knows no module above it. */
class ArchitectureTest {

    private static final JavaClasses MODEL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages(
                    "cloud.gardener.apiserver.api",
                    "cloud.gardener.apiserver.openapi",
                    "cloud.gardener.apiserver.discovery");

    @Test
    void theModelDoesNoIo() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.vertx..",
                        "io.etcd..",
                        "io.grpc..",
                        "io.netty..",
                        "java.net..",
                        "java.nio.file..",
                        "java.sql..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("java\\.io\\.(File|RandomAccessFile).*")
                .because("openapi is the API model: types, defaults, validation and documents, computed from values")
                .check(MODEL);
    }

    @Test
    void theModelKnowsNoModuleAboveIt() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "cloud.gardener.apiserver.storage..",
                        "cloud.gardener.apiserver.certs..",
                        "cloud.gardener.apiserver.authz..",
                        "cloud.gardener.apiserver.authn..",
                        "cloud.gardener.apiserver.delegation..",
                        "cloud.gardener.apiserver.admission..",
                        "cloud.gardener.apiserver.server..",
                        "cloud.gardener.apiserver.registry..",
                        "cloud.gardener.apiserver.endpoints..")
                .because("dependencies point one way: every module builds on the model, the model on none")
                .check(MODEL);
    }
}
