package cloud.gardener.apiserver.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.filters.RequestEnd;
import cloud.gardener.apiserver.storage.testing.IntegrationTags;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The apiserver module's rules: it wires everything, and inside it the registry (stores, strategies, controllers)
 * knows nothing of the HTTP layer that calls it.
 */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU in the fast loop).
     */
    private static final JavaClasses SERVER = new ClassFileImporter()
            .importUrl(
                    AdmissionConfig.class.getProtectionDomain().getCodeSource().getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage(
                    "cloud.gardener.apiserver.server..",
                    "cloud.gardener.apiserver.registry..",
                    "cloud.gardener.apiserver.endpoints..",
                    "cloud.gardener.apiserver.audit..",
                    "cloud.gardener.apiserver.metrics..",
                    "cloud.gardener.apiserver.bootstrap..",
                    "cloud.gardener.apiserver.workloadidentity.."));

    private static final JavaClasses REGISTRY =
            SERVER.that(JavaClass.Predicates.resideInAPackage("cloud.gardener.apiserver.registry.."));

    @Test
    void jetcdStaysInsideStorage() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.etcd..")
                .because("the server reaches etcd through storage's contract only")
                .check(SERVER);
    }

    @Test
    void theRegistryKnowsNoHttpLayer() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "cloud.gardener.apiserver.server..",
                        "cloud.gardener.apiserver.endpoints..",
                        "cloud.gardener.apiserver.audit..",
                        "io.vertx.ext.web..")
                .because("handlers call the registry; the registry answers in objects and ApiExceptions")
                .check(REGISTRY);
    }

    @Test
    void endActionsGoThroughRequestEnd() {
        noClasses()
                .that()
                .doNotHaveFullyQualifiedName(RequestEnd.class.getName())
                .should()
                .callMethod(RoutingContext.class, "addEndHandler", Handler.class)
                .because("a watch lets its routing context go (RequestEnd.detach): an end handler added to the context"
                        + " directly would never run for it")
                .check(SERVER);
    }

    /** What a test needs etcd, kubectl, Python or a server for (named, not referenced: that would count as a use). */
    private static final Set<String> HEAVY = Set.of(
            "cloud.gardener.apiserver.server.ApiServer",
            "cloud.gardener.apiserver.testing.ApiServerExtension",
            "cloud.gardener.apiserver.storage.testing.EtcdExtension",
            "cloud.gardener.apiserver.storage.testing.EtcdClusterExtension",
            "cloud.gardener.apiserver.storage.etcd3.EtcdProcess",
            "cloud.gardener.apiserver.e2e.kubectl.Kubectl",
            "cloud.gardener.apiserver.e2e.protobuf.Kubectl",
            "cloud.gardener.apiserver.e2e.python.PythonClient",
            "cloud.gardener.apiserver.e2e.security.KubeApiServerDouble",
            "java.lang.ProcessBuilder");

    @Test
    void testsThatNeedEtcdKubectlOrAServerAreTaggedIntegration() {
        assertThat(IntegrationTags.untagged(ArchitectureTest.class, "cloud.gardener.apiserver", HEAVY))
                .as("tests the fast loop (mvn test) would run without etcd, kubectl or a server")
                .isEmpty();
    }
}
