package cloud.gardener.apiserver.authz;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import cloud.gardener.apiserver.api.resource.KindDefinition;
import cloud.gardener.apiserver.api.resource.Kinds;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The authz module's rules (the design's module table): authenticators and authorizers decide on a request's
 * attributes; they know no Vert.x routing (they may call out with Vert.x's client) and no module above them.
 */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU per module in the fast loop).
     */
    private static final JavaClasses AUTH = new ClassFileImporter()
            .importUrl(Authorizer.class.getProtectionDomain().getCodeSource().getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage(
                    "cloud.gardener.apiserver.authz..",
                    "cloud.gardener.apiserver.authn..",
                    "cloud.gardener.apiserver.delegation.."));

    @Test
    void authzKnowsNoVertxRouting() {
        // an HTTP client is allowed (delegation to kube-apiserver); serving and routing are the apiserver's
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx.ext..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("io\\.vertx\\.core\\.http\\.HttpServer.*")
                .because("the server's filters turn a request into attributes; authz judges the attributes")
                .check(AUTH);
    }

    @Test
    void authzKnowsNoResourceRegistry() {
        // The kind definitions (names, groups, the seed-graph fact) are model facts authz reads its resource names
        // from; what is served (the registry, resource types, groups) is the server's.
        noClasses()
                .should()
                .dependOnClassesThat(resideInAPackage("cloud.gardener.apiserver.api.resource..")
                        .and(not(belongToAnyOf(Kinds.class, KindDefinition.class, StandardResources.class))))
                .because(
                        "the resource registry is the server's; authz names the kinds it judges from their definitions")
                .check(AUTH);
    }

    @Test
    void authzKnowsNoModuleAboveIt() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "cloud.gardener.apiserver.storage..",
                        "io.etcd..",
                        "cloud.gardener.apiserver.admission..",
                        "cloud.gardener.apiserver.server..",
                        "cloud.gardener.apiserver.registry..",
                        "cloud.gardener.apiserver.endpoints..")
                .because("dependencies point one way: authz builds on the model and certs only")
                .check(AUTH);
    }
}
