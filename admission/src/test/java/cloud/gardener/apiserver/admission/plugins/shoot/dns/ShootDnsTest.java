package cloud.gardener.apiserver.admission.plugins.shoot.dns;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.acceptedAnsweringItsWrites;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectIndex;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShootDnsTest {

    private static final GroupResource PROJECTS = new GroupResource("core.gardener.cloud", "projects");
    private static final GroupResource SEEDS = new GroupResource("core.gardener.cloud", "seeds");
    private static final GroupResource SECRETS = new GroupResource("", "secrets");

    private static InMemoryObjects objects() {
        return new InMemoryObjects()
                .put(PROJECTS, "{metadata: {name: dev}, spec: {namespace: garden-dev}}")
                .put(SEEDS, "{metadata: {name: plain}, spec: {}}")
                .put(SEEDS, "{metadata: {name: with-defaults}, spec: {dns: {defaults: [{domain: seed.example.com}]}}}")
                .put(SECRETS, secret("low", "low.example.com", "1"))
                .put(SECRETS, secret("high", "high.example.com", "10"))
                .put(SECRETS, """
                        metadata: {name: unrelated, namespace: garden, annotations: {dns.gardener.cloud/domain: x.com}}
                        """);
    }

    private static String secret(String name, String domain, String priority) {
        return """
                metadata:
                  name: %s
                  namespace: garden
                  labels: {gardener.cloud/role: default-domain}
                  annotations:
                    dns.gardener.cloud/domain: %s
                    dns.gardener.cloud/provider: aws-route53
                    dns.gardener.cloud/domain-default-priority: "%s"
                """.formatted(name, domain, priority);
    }

    private final ShootDns plugin = new ShootDns(new PluginContext(objects(), null, null, Clock.systemUTC()));

    private static ObjectNode shoot(String spec) {
        ObjectNode shoot = object("{metadata: {name: s, namespace: garden-dev}}");
        shoot.set("spec", object(spec));
        return shoot;
    }

    /** A create request's spec and the {@code spec.dns} expected after admission. */
    record Mutation(String name, String spec, String expectedDns) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Mutation> mutations() {
        return Stream.of(
                new Mutation(
                        "unscheduled shoots keep their DNS section",
                        "{dns: {providers: [{type: aws}]}}",
                        "{providers: [{type: aws}]}"),
                new Mutation(
                        "scheduled shoot gets the highest-priority secret domain",
                        "{seedName: plain}",
                        "{domain: s.dev.high.example.com}"),
                new Mutation(
                        "seed defaults win over secrets",
                        "{seedName: with-defaults}",
                        "{domain: s.dev.seed.example.com}"),
                new Mutation(
                        "own domain: first provider becomes primary",
                        "{seedName: plain, dns: {domain: my.domain.io, providers: [{type: aws}, {type: gcp}]}}",
                        "{domain: my.domain.io, providers: [{type: aws, primary: true}, {type: gcp}]}"),
                new Mutation(
                        "default domain: no provider is made primary",
                        "{seedName: plain, dns: {providers: [{type: aws}]}}",
                        "{providers: [{type: aws}], domain: s.dev.high.example.com}"),
                new Mutation(
                        "unmanaged DNS gets no domain",
                        "{seedName: plain, dns: {providers: [{type: unmanaged}]}}",
                        "{providers: [{type: unmanaged, primary: true}]}"));
    }

    @ParameterizedTest
    @MethodSource("mutations")
    void admitOnCreate(Mutation c) {
        ObjectNode shoot = shoot(c.spec());
        ObjectNode before = shoot.deepCopy();
        // it writes only where it says it does
        acceptedAnsweringItsWrites(plugin.admit(shootRequest(Operation.CREATE, "", shoot, null)), before, shoot);
        assertThat(shoot.path("spec").path("dns")).isEqualTo(object(c.expectedDns()));
    }

    @Test
    void updateKeepsTheOldPrimaryProviderWhenTheClientDropsTheFlag() {
        ObjectNode old = shoot("{dns: {domain: my.io, providers: [{type: aws}, {type: gcp, primary: true, "
                + "credentialsRef: {kind: Secret, name: c}}]}}");
        ObjectNode updated = shoot("{dns: {domain: my.io, providers: [{type: aws}, {type: gcp, "
                + "credentialsRef: {kind: Secret, name: c}}]}}");
        accepted(plugin.admit(shootRequest(Operation.UPDATE, "", updated, old)));
        assertThat(updated.path("spec")
                        .path("dns")
                        .path("providers")
                        .path(1)
                        .path("primary")
                        .asBoolean())
                .isTrue();
        assertThat(updated.path("spec").path("dns").path("providers").path(0).has("primary"))
                .isFalse();
    }

    @Test
    void aScheduledShootsKeptPrimaryProviderIsTheOnlyPrimary() {
        ObjectNode old = shoot("{seedName: plain, dns: {domain: my.io, providers: [{type: aws}, "
                + "{type: unmanaged, primary: true}]}}");
        ObjectNode updated =
                shoot("{seedName: plain, dns: {domain: my.io, providers: [{type: aws}, {type: unmanaged}]}}");
        accepted(plugin.admit(shootRequest(Operation.UPDATE, "", updated, old)));
        assertThat(updated.path("spec").path("dns"))
                .isEqualTo(object("{domain: my.io, providers: [{type: aws}, {type: unmanaged, primary: true}]}"));
    }

    @Test
    void theBindingSubresourceAssignsTheDomainWhenTheShootIsScheduled() {
        ObjectNode old = shoot("{}");
        ObjectNode bound = shoot("{seedName: with-defaults}");
        accepted(plugin.admit(shootRequest(Operation.UPDATE, "binding", bound, old)));
        assertThat(bound.path("spec").path("dns").path("domain").asText()).isEqualTo("s.dev.seed.example.com");
        ObjectNode status = shoot("{seedName: with-defaults}");
        accepted(plugin.admit(shootRequest(Operation.UPDATE, "status", status, old)));
        assertThat(status.path("spec").has("dns")).isFalse();
    }

    @Test
    void generateNameGetsARandomSubdomain() {
        ObjectNode shoot = object("{metadata: {generateName: gen-, namespace: garden-dev}, spec: {seedName: plain}}");
        accepted(plugin.admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(shoot.path("spec").path("dns").path("domain").asText())
                .matches("[0-9a-z]{9}\\.dev\\.high\\.example\\.com");
        accepted(plugin.validate(shootRequest(Operation.CREATE, "", shoot, null)));
    }

    /** A request (old spec null on create) and the expected 422 message (null: accepted). */
    record Validation(String name, String spec, String oldSpec, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Validation> validations() {
        String prefix = "Shoot.core.gardener.cloud \"s\" is invalid: ";
        return Stream.of(
                new Validation(
                        "own domain with primary provider",
                        "{dns: {domain: my.io, providers: [{type: a, primary: true}]}}",
                        null,
                        null),
                new Validation(
                        "default domain in the expected scheme", "{dns: {domain: s.dev.high.example.com}}", null, null),
                new Validation(
                        "default domain with a primary provider",
                        "{dns: {domain: s.dev.high.example.com, providers: [{type: a, primary: true}]}}",
                        null,
                        prefix + "spec.dns.providers[0].primary: Invalid value: true: primary dns provider must not be "
                                + "set when default domain is used"),
                new Validation(
                        "default domain of another shoot",
                        "{dns: {domain: other.dev.low.example.com}}",
                        null,
                        prefix + "spec.dns.domain: Invalid value: \"other.dev.low.example.com\": shoot uses a default "
                                + "domain but does not match expected scheme: <shoot-name>.<project-name>.<default-domain> "
                                + "(expected 's.dev.low.example.com', but got 'other.dev.low.example.com')"),
                new Validation(
                        "seed defaults replace the secrets' domains",
                        "{seedName: with-defaults, dns: {domain: other.dev.low.example.com}}",
                        null,
                        null),
                new Validation(
                        "update of a scheduled shoot with a domain is not re-checked",
                        "{seedName: plain, dns: {domain: other.dev.low.example.com}}",
                        "{seedName: plain, dns: {domain: other.dev.low.example.com}}",
                        null),
                new Validation(
                        "update that schedules the shoot is checked",
                        "{seedName: plain, dns: {domain: other.dev.low.example.com}}",
                        "{dns: {domain: other.dev.low.example.com}}",
                        prefix + "spec.dns.domain: Invalid value: \"other.dev.low.example.com\": shoot uses a default "
                                + "domain but does not match expected scheme: <shoot-name>.<project-name>.<default-domain> "
                                + "(expected 's.dev.low.example.com', but got 'other.dev.low.example.com')"));
    }

    @ParameterizedTest
    @MethodSource("validations")
    void validate(Validation c) {
        Operation op = c.oldSpec() == null ? Operation.CREATE : Operation.UPDATE;
        Future<Void> result =
                plugin.validate(shootRequest(op, "", shoot(c.spec()), c.oldSpec() == null ? null : shoot(c.oldSpec())));
        if (c.message() == null) {
            accepted(result);
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage()).isEqualTo(c.message());
    }

    @Test
    void aMissingSeedIsAnInternalError() {
        ApiException e = rejection(plugin.admit(shootRequest(Operation.CREATE, "", shoot("{seedName: nope}"), null)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("error retrieving default domains: Internal error occurred: could not get "
                        + "seed nope: seed.core.gardener.cloud \"nope\" not found");
    }

    /** The seed reference, missing, empty or naming another kind: {@code fmt.Errorf} around the lister's error, no reason. */
    @ParameterizedTest(name = "seedName \"{0}\"")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"nope", "", "dev"})
    void aSeedThatCannotBeFoundIsAPlainError(String seedName) {
        ObjectNode shoot = shoot("{}");
        ((ObjectNode) shoot.get("spec")).put("seedName", seedName);
        ApiException e = rejection(plugin.admit(shootRequest(Operation.CREATE, "", shoot, null)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.reason()).isEmpty();
        assertThat(e.getMessage())
                .isEqualTo("error retrieving default domains: Internal error occurred: could not get " + "seed "
                        + seedName + ": seed.core.gardener.cloud \"" + seedName + "\" not found");
    }

    @Test
    void aNullSeedNameIsNoReference() {
        ObjectNode shoot = shoot("{seedName: null, dns: {providers: [{type: aws}]}}");
        accepted(plugin.admit(shootRequest(Operation.CREATE, "", shoot, null)));
    }

    @Test
    void aDefaultDomainNeedsTheShootsProject() {
        ObjectNode shoot = object("{metadata: {name: s, namespace: elsewhere}, spec: {seedName: plain}}");
        Attributes a = shootRequest(Operation.CREATE, "", shoot, null);
        ApiException e = rejection(plugin.admit(a));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("Internal error occurred: Project.core.gardener.cloud \"<unknown>\" not found");
    }

    /**
     * Counts the Secrets a lookup hands out; finds by index as the server's cache does: only the objects the index files
     * under the query terms are handed out.
     */
    private static final class CountingSecrets implements ObjectLookup {
        private final ObjectLookup inner;
        int secretsHandedOut;

        CountingSecrets(ObjectLookup inner) {
            this.inner = inner;
        }

        private List<ObjectNode> counted(GroupResource resource, List<ObjectNode> items) {
            if (resource.equals(SECRETS)) {
                secretsHandedOut += items.size();
            }
            return items;
        }

        @Override
        public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
            return inner.get(resource, namespace, name);
        }

        @Override
        public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
            return inner.list(resource, namespace).map(items -> counted(resource, items));
        }

        @Override
        public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
            return inner.listLive(resource, namespace).map(items -> counted(resource, items));
        }

        @Override
        public Future<List<ObjectNode>> candidates(
                GroupResource resource, String namespace, ObjectIndex index, String value) {
            return inner.candidates(resource, namespace, index, value).map(items -> counted(resource, items));
        }

        @Override
        public boolean ready() {
            return inner.ready();
        }
    }

    /** A Shoot create on a Seed without DNS defaults reads the garden's default-domain Secrets, not all its Secrets. */
    @Test
    void aCreateReadsOnlyTheDefaultDomainSecrets() {
        InMemoryObjects objects = objects();
        for (int i = 0; i < 20; i++) {
            objects.put(
                    SECRETS,
                    "{metadata: {name: other-" + i + ", namespace: garden, labels: {gardener.cloud/role: "
                            + (i % 2 == 0 ? "internal-domain" : "none") + "}}}");
        }
        CountingSecrets counting = new CountingSecrets(objects);
        ShootDns counted = new ShootDns(new PluginContext(counting, null, null, Clock.systemUTC()));
        ObjectNode shoot = shoot("{seedName: plain}");
        Attributes a = shootRequest(Operation.CREATE, "", shoot, null);
        accepted(counted.admit(a));
        accepted(counted.validate(a));
        assertThat(shoot.path("spec").path("dns")).isEqualTo(object("{domain: s.dev.high.example.com}"));
        assertThat(counting.secretsHandedOut)
                .as("the two default-domain Secrets, once for the request's admit and validate")
                .isEqualTo(2);
    }

    /** The default domains are looked up once per request: another request (its own memo) looks them up again. */
    @Test
    void eachRequestLooksTheDefaultDomainsUpOnce() {
        CountingSecrets counting = new CountingSecrets(objects());
        ShootDns counted = new ShootDns(new PluginContext(counting, null, null, Clock.systemUTC()));
        Attributes first = shootRequest(Operation.CREATE, "", shoot("{seedName: plain}"), null);
        Attributes second = shootRequest(Operation.CREATE, "", shoot("{seedName: plain}"), null);

        accepted(counted.admit(first));
        accepted(counted.validate(first));
        assertThat(counting.secretsHandedOut).isEqualTo(2);
        accepted(counted.admit(second));
        accepted(counted.validate(second));

        assertThat(counting.secretsHandedOut).isEqualTo(4);
        assertThat(second.object().path("spec").path("dns")).isEqualTo(object("{domain: s.dev.high.example.com}"));
    }
}
