package cloud.gardener.apiserver.admission.plugins.global.finalizerremoval;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FinalizerRemovalTest {

    private static final GroupVersionKind SECRET_BINDING =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "SecretBinding");
    private static final GroupResource SECRET_BINDINGS = new GroupResource("core.gardener.cloud", "secretbindings");
    private static final GroupVersionKind CREDENTIALS_BINDING =
            new GroupVersionKind("security.gardener.cloud", "v1alpha1", "CredentialsBinding");
    private static final GroupResource CREDENTIALS_BINDINGS =
            new GroupResource("security.gardener.cloud", "credentialsbindings");

    private final FinalizerRemoval plugin = new FinalizerRemoval(new PluginContext(
            new InMemoryObjects()
                    .put(
                            Outcomes.SHOOTS,
                            "{metadata: {name: user, namespace: ns}, spec: {secretBindingName: used, "
                                    + "credentialsBindingName: used-creds}}"),
            null,
            null,
            Clock.systemUTC()));

    /** An UPDATE of an object of some kind from the old to the new finalizers, and the expected 403 message. */
    record Case(
            String name,
            GroupVersionKind kind,
            GroupResource resource,
            String objectName,
            String status,
            String oldFinalizers,
            String finalizers,
            String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        String shootMessage = "shoots.core.gardener.cloud \"s\" is forbidden: finalizer \"gardener\" cannot be removed "
                + "because shoot deletion has not completed successfully yet";
        String running =
                "{technicalID: shoot--dev--s, lastOperation: {type: Reconcile, state: Succeeded, progress: 100}}";
        String deleted = "{technicalID: shoot--dev--s, lastOperation: {type: Delete, state: Succeeded, progress: 100}}";
        return Stream.of(
                new Case(
                        "unused secret binding",
                        SECRET_BINDING,
                        SECRET_BINDINGS,
                        "free",
                        "{}",
                        "[gardener]",
                        "[]",
                        null),
                new Case(
                        "used secret binding",
                        SECRET_BINDING,
                        SECRET_BINDINGS,
                        "used",
                        "{}",
                        "[gardener]",
                        "[]",
                        "secretbindings.core.gardener.cloud \"used\" is forbidden: finalizer must not be removed - secret "
                                + "binding ns/used is still in use by at least one shoot"),
                new Case(
                        "used secret binding keeps the finalizer",
                        SECRET_BINDING,
                        SECRET_BINDINGS,
                        "used",
                        "{}",
                        "[gardener]",
                        "[gardener, other]",
                        null),
                new Case(
                        "other finalizer of a used binding",
                        SECRET_BINDING,
                        SECRET_BINDINGS,
                        "used",
                        "{}",
                        "[gardener, other]",
                        "[gardener]",
                        null),
                new Case(
                        "used credentials binding",
                        CREDENTIALS_BINDING,
                        CREDENTIALS_BINDINGS,
                        "used-creds",
                        "{}",
                        "[gardener]",
                        "[]",
                        "credentialsbindings.security.gardener.cloud \"used-creds\" is forbidden: "
                                + "finalizer must not be removed - credentials binding ns/used-creds is still in use by at "
                                + "least one shoot"),
                new Case("shoot never created", Outcomes.SHOOT, Outcomes.SHOOTS, "s", "{}", "[gardener]", "[]", null),
                new Case(
                        "shoot still running",
                        Outcomes.SHOOT,
                        Outcomes.SHOOTS,
                        "s",
                        running,
                        "[gardener]",
                        "[]",
                        shootMessage),
                new Case("shoot deleted", Outcomes.SHOOT, Outcomes.SHOOTS, "s", deleted, "[gardener]", "[]", null));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void update(Case c) {
        ObjectNode old = object("{metadata: {name: " + c.objectName() + ", namespace: ns, finalizers: "
                + c.oldFinalizers() + "}, status: " + c.status() + "}");
        ObjectNode updated = old.deepCopy();
        updated.withObjectProperty("metadata")
                .set("finalizers", object("{f: " + c.finalizers() + "}").get("f"));
        Future<Void> result = plugin.validate(
                Requests.of(c.kind(), c.resource(), "", Operation.UPDATE, updated, old, Requests.ALICE));
        if (c.message() == null) {
            accepted(result);
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(c.message());
    }

    /** As clients send it: the emptied finalizer list left out, and a Shoot without status. */
    @Test
    void finalizersLeftOut() {
        ObjectNode old = object("{metadata: {name: used, namespace: ns, finalizers: [gardener]}}");
        ObjectNode updated = object("{metadata: {name: used, namespace: ns}}");
        ApiException e = rejection(plugin.validate(
                Requests.of(SECRET_BINDING, SECRET_BINDINGS, "", Operation.UPDATE, updated, old, Requests.ALICE)));
        assertThat(e.getMessage())
                .isEqualTo("secretbindings.core.gardener.cloud \"used\" is forbidden: finalizer must not be removed - "
                        + "secret binding ns/used is still in use by at least one shoot");
        accepted(plugin.validate(
                Requests.of(Outcomes.SHOOT, Outcomes.SHOOTS, "", Operation.UPDATE, updated, old, Requests.ALICE)));
        accepted(plugin.validate(
                Requests.of(SECRET_BINDING, SECRET_BINDINGS, "", Operation.UPDATE, old, updated, Requests.ALICE)));
    }

    /** A Shoot just created may not be in the watch-fed cache yet: its binding keeps the finalizer all the same. */
    @Test
    void aShootTheCacheHasNotSeenYetKeepsItsBinding() {
        FinalizerRemoval lagging = new FinalizerRemoval(new PluginContext(
                new InMemoryObjects()
                        .put(
                                Outcomes.SHOOTS,
                                "{metadata: {name: new, namespace: ns}, spec: {secretBindingName: fresh}}")
                        .staleInCache(Outcomes.SHOOTS, "{metadata: {name: new, namespace: ns}, spec: {}}"),
                null,
                null,
                Clock.systemUTC()));
        ObjectNode old = object("{metadata: {name: fresh, namespace: ns, finalizers: [gardener]}}");
        ObjectNode updated = object("{metadata: {name: fresh, namespace: ns}}");
        ApiException e = rejection(lagging.validate(
                Requests.of(SECRET_BINDING, SECRET_BINDINGS, "", Operation.UPDATE, updated, old, Requests.ALICE)));
        assertThat(e.getMessage())
                .isEqualTo("secretbindings.core.gardener.cloud \"fresh\" is forbidden: finalizer must not be removed - "
                        + "secret binding ns/fresh is still in use by at least one shoot");
    }
}
