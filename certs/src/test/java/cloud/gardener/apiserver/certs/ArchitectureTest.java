package cloud.gardener.apiserver.certs;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The certs module's rules (the design's module table): keys and certificates only, no HTTP, no other module. */
class ArchitectureTest {

    /**
     * This module's classes, read from the folder (or jar) one of them was loaded from rather than found by scanning
     * the whole class path for the packages (a second or more of CPU per module in the fast loop).
     */
    private static final JavaClasses CERTS = new ClassFileImporter()
            .importUrl(CertificateAuthority.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation())
            .that(JavaClass.Predicates.resideInAnyPackage("cloud.gardener.apiserver.certs.."));

    @Test
    void certsKnowNoHttp() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.vertx..", "io.netty..", "io.etcd..", "java.net.http..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("java\\.net\\.(URL|URLConnection|HttpURLConnection|Socket|ServerSocket)")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("javax.net.ssl.HttpsURLConnection")
                .because("certs makes and reads keys, certificates and kubeconfig documents; connections are the"
                        + " callers'")
                .check(CERTS);
    }

    @Test
    void certsKnowNoOtherModule() {
        noClasses()
                .should()
                .dependOnClassesThat(resideInAPackage("cloud.gardener.apiserver..")
                        .and(not(resideInAPackage("cloud.gardener.apiserver.certs.."))))
                .because("dependencies point one way: certs is a leaf")
                .check(CERTS);
    }
}
