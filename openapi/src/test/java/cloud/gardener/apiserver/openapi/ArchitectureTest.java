package cloud.gardener.apiserver.openapi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import cloud.gardener.apiserver.api.json.Json;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The openapi module's rules (the design's module table): the model does no I/O and knows no module above it. */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU per module in the fast loop).
     */
    private static final JavaClasses MODEL = new ClassFileImporter()
            .importUrl(Json.class.getProtectionDomain().getCodeSource().getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage(
                    "cloud.gardener.apiserver.api..",
                    "cloud.gardener.apiserver.openapi..",
                    "cloud.gardener.apiserver.discovery.."));

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
