package cloud.gardener.apiserver.admission.plugins.shoot.tolerationrestriction;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.acceptedAnsweringItsWrites;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.admission.AdmittedRecords;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootTolerationRestrictionTest {

    private static final GroupResource PROJECTS = new GroupResource("core.gardener.cloud", "projects");
    private static final String CONFIG = """
            apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
            kind: Configuration
            defaults:
            - key: global-default
            - key: shared
              value: from-config
            whitelist:
            - key: global-any
            - key: global-exact
              value: v1
            """;
    private static final String PROJECT = """
            metadata: {name: dev}
            spec:
              namespace: garden-dev
              tolerations:
                defaults: [{key: project-default, value: x}]
                whitelist: [{key: project-allowed}]
            """;

    private static ShootTolerationRestriction plugin(InMemoryObjects objects) {
        return new ShootTolerationRestriction(new PluginContext(objects, null, object(CONFIG), Clock.systemUTC()));
    }

    private static ObjectNode shoot(String tolerations) {
        return object("{metadata: {name: s, namespace: garden-dev}, spec: {tolerations: " + tolerations + "}}");
    }

    /** A request with its old object (null on create) and the expected rejection message (null: accepted). */
    record Case(String name, Operation operation, String tolerations, String oldTolerations, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> validations() {
        String forbidden = "shoots.core.gardener.cloud \"s\" is forbidden: error while validating tolerations against "
                + "allowlist: [spec.tolerations[0]: Forbidden: only the following tolerations are allowed: "
                + "[global-any global-exact=v1 project-allowed]]";
        return Stream.of(
                new Case("no tolerations", Operation.CREATE, "[]", null, null),
                new Case(
                        "key whitelisted without value allows any value",
                        Operation.CREATE,
                        "[{key: global-any, value: whatever}]",
                        null,
                        null),
                new Case(
                        "exact key and value whitelisted",
                        Operation.CREATE,
                        "[{key: global-exact, value: v1}]",
                        null,
                        null),
                new Case("project whitelist", Operation.CREATE, "[{key: project-allowed}]", null, null),
                new Case(
                        "other value of an exact entry",
                        Operation.CREATE,
                        "[{key: global-exact, value: v2}]",
                        null,
                        forbidden),
                new Case("unknown key", Operation.CREATE, "[{key: foo}]", null, forbidden),
                new Case(
                        "update keeps an old unlisted toleration",
                        Operation.UPDATE,
                        "[{key: foo}]",
                        "[{key: foo}]",
                        null),
                new Case(
                        "update adds an unlisted toleration (index among the new ones)",
                        Operation.UPDATE,
                        "[{key: foo}, {key: bar}]",
                        "[{key: foo}]",
                        forbidden),
                new Case(
                        "update changes the value of an unlisted toleration",
                        Operation.UPDATE,
                        "[{key: foo, value: b}]",
                        "[{key: foo, value: a}]",
                        forbidden));
    }

    @ParameterizedTest
    @MethodSource("validations")
    void validate(Case c) {
        InMemoryObjects objects = new InMemoryObjects().put(PROJECTS, PROJECT);
        ObjectNode old = c.oldTolerations() == null ? null : shoot(c.oldTolerations());
        Future<Void> result = plugin(objects).validate(shootRequest(c.operation(), "", shoot(c.tolerations()), old));
        if (c.message() == null) {
            accepted(result);
        } else {
            ApiException e = rejection(result);
            assertThat(e.code()).isEqualTo(403);
            assertThat(e.getMessage()).isEqualTo(c.message());
        }
    }

    @Test
    void createAddsGlobalAndProjectDefaultsForKeysNotYetTolerated() {
        ObjectNode shoot = shoot("[{key: shared, value: mine}]");
        ObjectNode before = shoot.deepCopy();
        // it writes only where it says it does
        acceptedAnsweringItsWrites(
                plugin(new InMemoryObjects().put(PROJECTS, PROJECT))
                        .admit(shootRequest(Operation.CREATE, "", shoot, null)),
                before,
                shoot);
        assertThat(shoot.path("spec").path("tolerations")).isEqualTo(object("""
                t:
                - {key: shared, value: mine}
                - {key: global-default}
                - {key: project-default, value: x}
                """).path("t"));
    }

    @Test
    void aCreateLooksItsProjectUpOnceForAdmitAndValidate() {
        AtomicInteger projectLists = new AtomicInteger();
        InMemoryObjects projects = new InMemoryObjects().put(PROJECTS, PROJECT);
        ObjectLookup counting = new ObjectLookup() {
            @Override
            public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
                return projects.get(resource, namespace, name);
            }

            @Override
            public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
                if (resource.equals(PROJECTS)) {
                    projectLists.incrementAndGet();
                }
                return projects.list(resource, namespace);
            }

            @Override
            public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
                return projects.listLive(resource, namespace);
            }

            @Override
            public boolean ready() {
                return true;
            }
        };
        ShootTolerationRestriction plugin =
                new ShootTolerationRestriction(new PluginContext(counting, null, object(CONFIG), Clock.systemUTC()));
        ObjectNode shoot = shoot("[{key: project-allowed}]");
        Attributes admitting = shootRequest(Operation.CREATE, "", shoot, null);
        accepted(plugin.admit(admitting));
        // the defaults admit added are not on the allowlist: validate finds that with the project admit found
        ApiException memoized = rejection(plugin.validate(validating(admitting)));
        assertThat(memoized.getMessage()).contains("spec.tolerations[1]: Forbidden");
        assertThat(projectLists).hasValue(1);
        // another request (even of the same object) has its project looked up, and fares alike
        ApiException looked = rejection(plugin.validate(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(looked.getMessage()).isEqualTo(memoized.getMessage());
        assertThat(projectLists).hasValue(2);
        accepted(plugin.validate(shootRequest(Operation.CREATE, "", shoot("[{key: project-allowed}]"), null)));
        assertThat(projectLists).hasValue(3);
    }

    /** The validating phase of the request {@code admitted} is the mutating phase of: its records anew, its memo. */
    private static Attributes validating(Attributes admitted) {
        return new Attributes(
                admitted.kind(),
                admitted.resource(),
                admitted.subresource(),
                admitted.namespace(),
                admitted.name(),
                admitted.operation(),
                admitted.object(),
                admitted.oldObject(),
                admitted.user(),
                admitted.dryRun(),
                admitted.warnings(),
                admitted.audit(),
                AdmittedRecords.decodedBy(ShootTolerationRestrictionTest::decode, admitted.memo()));
    }

    private static <T> T decode(ObjectNode tree, Class<T> type) {
        return ModelCodec.decode(tree, type).value();
    }

    @Test
    void updatesGetNoDefaults() {
        ObjectNode shoot = shoot("[]");
        accepted(plugin(new InMemoryObjects().put(PROJECTS, PROJECT))
                .admit(shootRequest(Operation.UPDATE, "", shoot, shoot("[]"))));
        assertThat(shoot.path("spec").path("tolerations")).isEmpty();
    }

    @Test
    void aShootOutsideAProjectNamespaceIsForbidden() {
        ApiException e =
                rejection(plugin(new InMemoryObjects()).admit(shootRequest(Operation.CREATE, "", shoot("[]"), null)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"s\" is forbidden: Internal error occurred: "
                        + "could not find referenced project: Project.core.gardener.cloud \"<unknown>\" not found");
    }

    @Test
    void otherKindsAreIgnoredAndShootsWaitForTheCaches() {
        Attributes project = new Attributes(
                new cloud.gardener.apiserver.api.meta.GroupVersionKind("core.gardener.cloud", "v1beta1", "Project"),
                PROJECTS,
                "",
                "",
                "p",
                Operation.CREATE,
                object(PROJECT),
                null,
                cloud.gardener.apiserver.admission.testing.Requests.ALICE,
                false);
        ShootTolerationRestriction unsynced = plugin(new InMemoryObjects().notReady());
        accepted(unsynced.validate(project));
        ApiException e = rejection(unsynced.validate(shootRequest(Operation.CREATE, "", shoot("[]"), null)));
        assertThat(e.getMessage()).endsWith("not yet ready to handle request");
    }

    @Test
    void theConfigurationIsValidatedWhenThePluginIsBuilt() {
        assertThatThrownBy(() -> TolerationRestrictionConfiguration.from(object("""
                apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                kind: Configuration
                whitelist: [{key: a}, {key: a}]
                """)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("whitelist[1]: Duplicate value");
        assertThatThrownBy(
                        () -> TolerationRestrictionConfiguration.from(object("{apiVersion: v1, kind: Configuration}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(TolerationRestrictionConfiguration.from(null).whitelist()).isEmpty();
    }

    @Test
    void theConfigurationsListsMayBeAbsentNullOrEmptyAndTheirTolerationsPartial() {
        TolerationRestrictionConfiguration config = TolerationRestrictionConfiguration.from(object("""
                apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                kind: Configuration
                defaults: null
                whitelist: [{key: a, value: null}, {key: b, value: v}]
                """));
        assertThat(config.defaults()).isEmpty();
        assertThat(config.whitelist())
                .containsExactly(
                        new cloud.gardener.apiserver.api.core.v1beta1.Toleration("a", null),
                        new cloud.gardener.apiserver.api.core.v1beta1.Toleration("b", "v"));
        assertThat(TolerationRestrictionConfiguration.from(object("""
                        apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                        kind: Configuration
                        defaults: []
                        """)).whitelist())
                .isEmpty();
        // a toleration without key is Go's empty key, which the configuration's validation rejects
        assertThatThrownBy(() -> TolerationRestrictionConfiguration.from(object("""
                        apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                        kind: Configuration
                        defaults: [{value: v}]
                        """)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("defaults[0].key");
    }
}
