package cloud.gardener.apiserver.admission.plugins.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.meta.StatusCause;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ValidatingAdmissionPolicy plugin over policies and bindings registered in the API (an in-memory lookup):
 * which policies apply, what their CEL sees, and how failures, warnings and errors reach the client.
 */
class ValidatingAdmissionPolicyTest {

    private static final GroupResource NAMESPACES = new GroupResource("", "namespaces");
    private static final GroupResource CONFIGMAPS = new GroupResource("", "configmaps");
    private static final String PREFIX = "shoots.core.gardener.cloud \"s1\" is forbidden: ";
    private static final String SHOOTS_RULE = """
            matchConstraints:
              resourceRules:
              - {apiGroups: [core.gardener.cloud], apiVersions: [v1beta1], operations: [CREATE, UPDATE], resources: [shoots]}
            """;

    /**
     * One request against one policy and binding.
     *
     * @param policySpec   the policy's spec (YAML, without match constraints: {@link #SHOOTS_RULE} is added unless
     *                     the spec has its own)
     * @param bindingSpec  extra binding spec (YAML), besides policyName and validationActions
     * @param actions      the binding's validationActions
     * @param request      the request
     * @param expected     the outcome
     * @param warnings     the warnings the client gets
     */
    record Case(
            String name,
            String policySpec,
            String bindingSpec,
            List<String> actions,
            Attributes request,
            Outcome expected,
            List<String> warnings) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        String denied = PREFIX + "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: ";
        List<String> deny = List.of("Deny");
        return Stream.of(
                        new Case(
                                "a validation that holds admits",
                                "validations: [{expression: \"object.spec.region == 'eu-1'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a failed validation denies with 422 Invalid and the expression",
                                "validations: [{expression: \"object.spec.region == 'us-1'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "failed expression: object.spec.region == 'us-1'"),
                                List.of()),
                        new Case(
                                "the validation's message and reason (Forbidden: 403)",
                                "validations: [{expression: \"object.spec.region == 'us-1'\", message: ' only us-1 ', "
                                        + "reason: Forbidden}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(403, denied + "only us-1"),
                                List.of()),
                        new Case(
                                "reason RequestEntityTooLarge: 413",
                                "validations: [{expression: 'false', reason: RequestEntityTooLarge}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(413, denied + "failed expression: false"),
                                List.of()),
                        new Case(
                                "messageExpression wins over message",
                                "validations: [{expression: \"object.spec.region == 'us-1'\", message: static, "
                                        + "messageExpression: \"'region ' + object.spec.region + ' is not allowed'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "region eu-1 is not allowed"),
                                List.of()),
                        new Case(
                                "a messageExpression that fails falls back to the message",
                                "validations: [{expression: 'false', message: static, messageExpression: 'object.nope'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "static"),
                                List.of()),
                        new Case(
                                "Warn warns and admits",
                                "validations: [{expression: 'false', message: careful}]",
                                "",
                                List.of("Warn"),
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of(
                                        "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': careful")),
                        new Case(
                                "Deny and Warn both act",
                                "validations: [{expression: 'false', message: careful}]",
                                "",
                                List.of("Deny", "Warn"),
                                create(shoot()),
                                Outcome.rejected(422, denied + "careful"),
                                List.of(
                                        "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': careful")),
                        new Case(
                                "Audit alone neither denies nor warns",
                                "validations: [{expression: 'false'}]",
                                "",
                                List.of("Audit"),
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "an evaluation error denies under failurePolicy Fail (the default)",
                                "validations: [{expression: \"object.spec.missing == 'x'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(
                                        422,
                                        denied + "expression 'object.spec.missing == 'x'' resulted in error: "
                                                + "no such key: missing"),
                                List.of()),
                        new Case(
                                "an evaluation error is ignored under failurePolicy Ignore",
                                "failurePolicy: Ignore\nvalidations: [{expression: \"object.spec.missing == 'x'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a compile error denies",
                                "validations: [{expression: 'object.spec.region +'}]",
                                "",
                                deny,
                                create(shoot()),
                                null,
                                List.of()),
                        new Case(
                                "variables are evaluated for the validations",
                                "variables: [{name: region, expression: object.spec.region}, "
                                        + "{name: european, expression: \"variables.region.startsWith('eu-')\"}]\n"
                                        + "validations: [{expression: '!variables.european', messageExpression: "
                                        + "\"'no EU: ' + variables.region\"}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "no EU: eu-1"),
                                List.of()),
                        new Case(
                                "a failing variable fails the expressions that use it",
                                "variables: [{name: broken, expression: object.spec.missing}]\n"
                                        + "validations: [{expression: \"variables.broken == 'x'\"}]",
                                "",
                                deny,
                                create(shoot()),
                                null,
                                List.of()),
                        new Case(
                                "a false matchCondition skips the policy",
                                "matchConditions: [{name: not-alice, expression: \"request.userInfo.username != 'alice'\"}]\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a true matchCondition keeps it",
                                "matchConditions: [{name: alice, expression: \"request.userInfo.username == 'alice'\"}]\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "failed expression: false"),
                                List.of()),
                        new Case(
                                "a matchCondition error denies under Fail",
                                "matchConditions: [{name: broken, expression: 'object.spec.missing'}]\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(
                                        422,
                                        denied + "expression 'object.spec.missing' resulted in error: "
                                                + "no such key: missing"),
                                List.of()),
                        new Case(
                                "excluded resources are not validated",
                                SHOOTS_RULE + "  excludeResourceRules:\n"
                                        + "  - {apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: [shoots], "
                                        + "resourceNames: [s1]}\nvalidations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "resources the rules do not name are not validated",
                                "matchConstraints:\n  resourceRules:\n  - {apiGroups: ['*'], apiVersions: ['*'], "
                                        + "operations: ['*'], resources: [seeds]}\nvalidations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "operations the rules do not name are not validated",
                                "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                Requests.delete(Outcomes.SHOOT, Outcomes.SHOOTS, shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "matchPolicy Equivalent matches another served version",
                                "matchConstraints:\n  resourceRules:\n  - {apiGroups: [core.gardener.cloud], apiVersions: [v1], "
                                        + "operations: ['*'], resources: [controllerdeployments]}\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                controllerDeployment(),
                                Outcome.rejected(
                                        422,
                                        "controllerdeployments.core.gardener.cloud \"cd\" is forbidden: "
                                                + "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: false"),
                                List.of()),
                        new Case(
                                "matchPolicy Exact does not",
                                "matchConstraints:\n  matchPolicy: Exact\n  resourceRules:\n  - {apiGroups: [core.gardener.cloud], "
                                        + "apiVersions: [v1], operations: ['*'], resources: [controllerdeployments]}\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                controllerDeployment(),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a policy's namespaceSelector",
                                SHOOTS_RULE
                                        + "  namespaceSelector: {matchLabels: {project.gardener.cloud/name: other}}\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a policy's objectSelector",
                                SHOOTS_RULE + "  objectSelector: {matchLabels: {team: a}}\n"
                                        + "validations: [{expression: 'false'}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "failed expression: false"),
                                List.of()),
                        new Case(
                                "a binding's matchResources narrow the policy",
                                "validations: [{expression: 'false'}]",
                                "matchResources: {objectSelector: {matchLabels: {team: b}}}",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "namespaceObject is the request's namespace",
                                "validations: [{expression: \"namespaceObject.metadata.labels['project.gardener.cloud/name'] "
                                        + "!= 'dev'\", message: dev}]",
                                "",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "dev"),
                                List.of()),
                        new Case(
                                "oldObject on update",
                                "validations: [{expression: 'oldObject == null || "
                                        + "object.spec.region == oldObject.spec.region', message: region is immutable}]",
                                "",
                                deny,
                                Requests.update(Outcomes.SHOOT, Outcomes.SHOOTS, shoot(), withRegion("eu-2")),
                                Outcome.rejected(422, denied + "region is immutable"),
                                List.of()),
                        new Case(
                                "params by name, from the request's namespace",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\n"
                                        + "validations: [{expression: 'object.spec.region in params.data.regions.split(\",\")', "
                                        + "messageExpression: \"'allowed: ' + params.data.regions\"}]",
                                "paramRef: {name: limits, parameterNotFoundAction: Deny}",
                                deny,
                                create(withRegion("eu-3")),
                                Outcome.rejected(422, denied + "allowed: eu-1,eu-2"),
                                List.of()),
                        new Case(
                                "params that allow",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\n"
                                        + "validations: [{expression: 'object.spec.region in params.data.regions.split(\",\")'}]",
                                "paramRef: {name: limits, parameterNotFoundAction: Deny}",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "params from another namespace",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\n"
                                        + "validations: [{expression: \"params.data.regions == 'none'\", message: other}]",
                                "paramRef: {name: limits, namespace: garden, parameterNotFoundAction: Deny}",
                                deny,
                                create(shoot()),
                                Outcome.rejected(422, denied + "other"),
                                List.of()),
                        new Case(
                                "params not found with Allow: nothing to validate",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\nvalidations: [{expression: 'false'}]",
                                "paramRef: {name: missing, parameterNotFoundAction: Allow}",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "params not found with Deny",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\nvalidations: [{expression: 'false'}]",
                                "paramRef: {name: missing, parameterNotFoundAction: Deny}",
                                deny,
                                create(shoot()),
                                Outcome.rejected(
                                        422,
                                        denied + "failed to configure binding: no params found for policy "
                                                + "binding with `Deny` parameterNotFoundAction"),
                                List.of()),
                        new Case(
                                "params by selector: one evaluation each",
                                "paramKind: {apiVersion: v1, kind: ConfigMap}\n"
                                        + "validations: [{expression: \"params.data.regions != 'eu-1,eu-2'\", "
                                        + "messageExpression: 'params.metadata.name'}]",
                                "paramRef: {selector: {matchLabels: {kind: regions}}, parameterNotFoundAction: Deny}",
                                List.of("Warn"),
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of(
                                        "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': limits",
                                        "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': wide")),
                        new Case(
                                "a paramKind the server does not serve",
                                "paramKind: {apiVersion: example.com/v1, kind: Foo}\nvalidations: [{expression: 'false'}]",
                                "paramRef: {name: x, parameterNotFoundAction: Deny}",
                                deny,
                                create(shoot()),
                                Outcome.rejected(
                                        422,
                                        PREFIX + "ValidatingAdmissionPolicy 'p' denied request: failed to "
                                                + "configure policy: failed to find resource referenced by paramKind: "
                                                + "'example.com/v1, Kind=Foo'"),
                                List.of()),
                        new Case(
                                "a paramKind the server does not serve, ignored",
                                "failurePolicy: Ignore\nparamKind: {apiVersion: example.com/v1, kind: Foo}\n"
                                        + "validations: [{expression: 'false'}]",
                                "paramRef: {name: x, parameterNotFoundAction: Deny}",
                                deny,
                                create(shoot()),
                                Outcome.ALLOWED,
                                List.of()),
                        new Case(
                                "a namespaced paramRef for a cluster-scoped request",
                                "matchConstraints:\n  resourceRules:\n  - {apiGroups: ['*'], apiVersions: ['*'], "
                                        + "operations: ['*'], resources: [cloudprofiles]}\n"
                                        + "paramKind: {apiVersion: v1, kind: ConfigMap}\nvalidations: [{expression: 'false'}]",
                                "paramRef: {name: limits, parameterNotFoundAction: Deny}",
                                deny,
                                cloudProfile(),
                                Outcome.rejected(
                                        422,
                                        "cloudprofiles.core.gardener.cloud \"cp\" is forbidden: "
                                                + "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed to configure "
                                                + "binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped "
                                                + "resources"),
                                List.of()),
                        new Case(
                                "policies and bindings themselves are not seen by API-registered policies",
                                "matchConstraints:\n  resourceRules:\n  - {apiGroups: ['*'], apiVersions: ['*'], "
                                        + "operations: ['*'], resources: ['*']}\nvalidations: [{expression: 'false'}]",
                                "",
                                deny,
                                Requests.create(
                                        new GroupVersionKind(
                                                "admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicy"),
                                        PolicySource.POLICIES,
                                        Requests.object("metadata: {name: other}")),
                                Outcome.ALLOWED,
                                List.of()))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void policies(Case c) {
        InMemoryObjects objects = objects();
        String spec = c.policySpec().contains("matchConstraints:") ? c.policySpec() : SHOOTS_RULE + c.policySpec();
        objects.put(PolicySource.POLICIES, Requests.object("""
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingAdmissionPolicy
                metadata: {name: p}
                spec:
                """ + indent(spec)));
        ObjectNode binding = Requests.object("""
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingAdmissionPolicyBinding
                metadata: {name: b}
                spec:
                  policyName: p
                """ + indent(c.bindingSpec()));
        c.actions().forEach(((ObjectNode) binding.path("spec")).putArray("validationActions")::add);
        objects.put(PolicySource.BINDINGS, binding);
        List<String> warnings = new ArrayList<>();
        Attributes a = withWarnings(c.request(), warnings);
        Future<Void> result = plugin(objects).validate(a);
        if (c.expected() != null) {
            c.expected().check(result);
        } else {
            // compile and variable errors: denied; cel-java words the details its own way
            ApiException e = Outcomes.rejection(result);
            assertThat(e.code()).isEqualTo(422);
            assertThat(e.getMessage())
                    .startsWith(PREFIX + "ValidatingAdmissionPolicy 'p' with binding 'b' denied " + "request: ");
            assertThat(e.getMessage())
                    .containsAnyOf(
                            "compilation error: ",
                            "composited variable \"broken\" fails to "
                                    + "evaluate: expression 'object.spec.missing' resulted in error: no such key: missing");
        }
        assertThat(warnings).isEqualTo(c.warnings());
    }

    @Test
    void paramsChosenBySelectorAreReadWholeWhenListsHandOutViews() {
        InMemoryObjects objects = objects().listsAsViews(o -> {
            ObjectNode view = o.deepCopy();
            view.remove("data");
            return view;
        });
        objects.put(
                PolicySource.POLICIES,
                policy(
                        "p",
                        "paramKind: {apiVersion: v1, kind: ConfigMap}\n"
                                + "validations: [{expression: \"params.data.regions == 'eu-1'\", "
                                + "messageExpression: 'params.metadata.name'}]"));
        ObjectNode binding = binding("b", "p", "Deny");
        ((ObjectNode) binding.path("spec"))
                .set("paramRef", Requests.object("selector: {matchLabels: {kind: regions}}\nnamespace: garden-dev"));
        objects.put(PolicySource.BINDINGS, binding);
        ApiException e = Outcomes.rejection(plugin(objects).validate(create(shoot())));
        assertThat(e.getMessage()).endsWith("denied request: limits");
    }

    @Test
    void aDenialCarriesTheReasonAndTheMessageAsCause() {
        InMemoryObjects objects = objects();
        objects.put(PolicySource.POLICIES, policy("p", "validations: [{expression: 'false', message: nope}]"));
        objects.put(PolicySource.BINDINGS, binding("b", "p", "Deny"));
        ApiException e = Outcomes.rejection(plugin(objects).validate(create(shoot())));
        assertThat(e.status().reason()).isEqualTo("Invalid");
        assertThat(e.status().details().name()).isEqualTo("s1");
        assertThat(e.status().details().kind()).isEqualTo("shoots");
        assertThat(e.status().details().causes())
                .containsExactly(new StatusCause(
                        null, "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: nope", null));
    }

    @Test
    void theFirstDenialInPolicyAndBindingOrderIsReported() {
        InMemoryObjects objects = objects();
        objects.put(PolicySource.POLICIES, policy("b-policy", "validations: [{expression: 'false', message: second}]"));
        objects.put(PolicySource.POLICIES, policy("a-policy", "validations: [{expression: 'false', message: first}]"));
        objects.put(PolicySource.BINDINGS, binding("z", "a-policy", "Deny"));
        objects.put(PolicySource.BINDINGS, binding("y", "b-policy", "Deny"));
        objects.put(PolicySource.BINDINGS, binding("unbound", "no-such-policy", "Deny"));
        ApiException e = Outcomes.rejection(plugin(objects).validate(create(shoot())));
        assertThat(e.getMessage())
                .isEqualTo(PREFIX + "ValidatingAdmissionPolicy 'a-policy' with binding 'z' denied " + "request: first");
    }

    @Test
    void theAuditActionAnnotatesTheAuditEventWithTheFailedExpressionAndAdmits() {
        InMemoryObjects objects = objects();
        objects.put(
                PolicySource.POLICIES,
                policy("p", "validations: [{expression: 'true'}, " + "{expression: 'false', message: '<b> & co'}]"));
        objects.put(PolicySource.BINDINGS, binding("b", "p", "Audit, Warn"));
        Map<String, String> annotations = new LinkedHashMap<>();
        Attributes request = create(shoot());
        Attributes audited = new Attributes(
                request.kind(),
                request.resource(),
                request.subresource(),
                request.namespace(),
                request.name(),
                request.operation(),
                request.object(),
                request.oldObject(),
                request.user(),
                request.dryRun(),
                w -> {},
                new AuditAnnotations() {
                    @Override
                    public void add(String key, String value) {
                        annotations.putIfAbsent(key, value);
                    }

                    @Override
                    public void addAtRequestLevel(String key, String value) {
                        throw new AssertionError("a validation failure is recorded from level Metadata");
                    }
                });

        Outcomes.accepted(plugin(objects).validate(audited));

        // as Go marshals it: the second expression failed, HTML characters escaped
        assertThat(annotations)
                .containsExactly(Map.entry(
                        "validation.policy.admission.k8s.io/validation_failure",
                        "[{\"message\":\"\\u003cb\\u003e \\u0026 co\",\"policy\":\"p\",\"binding\":\"b\","
                                + "\"expressionIndex\":1,\"validationActions\":[\"Audit\",\"Warn\"]}]"));
    }

    @Test
    void aPolicyWithoutBindingsDoesNothing() {
        InMemoryObjects objects = objects();
        objects.put(PolicySource.POLICIES, policy("p", "validations: [{expression: 'false'}]"));
        Outcomes.accepted(plugin(objects).validate(create(shoot())));
    }

    @Test
    void notReadyCachesRefuse() {
        Outcome.forbidden("shoots.core.gardener.cloud", "s1", "not yet ready to handle request")
                .check(plugin(objects().notReady()).validate(create(shoot())));
    }

    @Test
    void staticManifestsApplyAlsoToPoliciesThemselves(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("policy.yaml"), """
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingAdmissionPolicy
                metadata: {name: no-foo.static.k8s.io}
                spec:
                  matchConstraints:
                    resourceRules:
                    - {apiGroups: ['*'], apiVersions: ['*'], operations: [CREATE], resources: ['*']}
                  validations:
                  - expression: "object.metadata.name != 'foo'"
                    message: foo is reserved
                ---
                apiVersion: v1
                kind: List
                items:
                - apiVersion: admissionregistration.k8s.io/v1
                  kind: ValidatingAdmissionPolicyBinding
                  metadata: {name: no-foo.static.k8s.io}
                  spec: {policyName: no-foo.static.k8s.io, validationActions: [Deny]}
                """);
        ValidatingAdmissionPolicy plugin =
                new ValidatingAdmissionPolicy(new PluginContext(objects(), null, config(dir), Clock.systemUTC()));
        ObjectNode foo = Requests.object("metadata: {name: foo}");
        Outcome.rejected(
                        422,
                        "validatingadmissionpolicies.admissionregistration.k8s.io \"foo\" is forbidden: "
                                + "ValidatingAdmissionPolicy 'no-foo.static.k8s.io' with binding 'no-foo.static.k8s.io' denied "
                                + "request: foo is reserved")
                .check(plugin.validate(Requests.create(
                        new GroupVersionKind("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicy"),
                        PolicySource.POLICIES,
                        foo)));
        ObjectNode shoot = shoot();
        ((ObjectNode) shoot.path("metadata")).put("name", "foo");
        assertThat(Outcomes.rejection(plugin.validate(create(shoot))).getMessage())
                .endsWith("foo is reserved");
        Outcomes.accepted(plugin.validate(create(shoot())));
    }

    @Test
    void staticManifestsAreCheckedAsUpstreamChecksThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a.yaml");
        Files.writeString(file, """
                                apiVersion: admissionregistration.k8s.io/v1
                                kind: ValidatingAdmissionPolicy
                                metadata: {name: plain}
                                spec: {}
                                """);
        assertThatThrownBy(() -> plugin(dir))
                .hasMessage("error loading " + file + ": \"plain\" in file \"" + file
                        + "\" must have a name ending with \".static.k8s.io\"");
        Files.writeString(file, """
                                apiVersion: admissionregistration.k8s.io/v1
                                kind: ValidatingAdmissionPolicy
                                metadata: {name: p.static.k8s.io}
                                spec: {paramKind: {apiVersion: v1, kind: ConfigMap}}
                                """);
        assertThatThrownBy(() -> plugin(dir))
                .hasMessage("error loading " + file + ": ValidatingAdmissionPolicy "
                        + "\"p.static.k8s.io\": spec.paramKind is not supported for static manifests");
        Files.writeString(file, """
                                apiVersion: admissionregistration.k8s.io/v1
                                kind: ValidatingAdmissionPolicyBinding
                                metadata: {name: b.static.k8s.io}
                                spec: {policyName: p}
                                """);
        assertThatThrownBy(() -> plugin(dir))
                .hasMessage("error loading " + file + ": binding \"b.static.k8s.io\": "
                        + "spec.policyName \"p\" must end with \".static.k8s.io\"");
        Files.writeString(file, """
                                apiVersion: admissionregistration.k8s.io/v1
                                kind: ValidatingAdmissionPolicyBinding
                                metadata: {name: b.static.k8s.io}
                                spec: {policyName: p.static.k8s.io}
                                """);
        assertThatThrownBy(() -> plugin(dir))
                .hasMessage("binding \"b.static.k8s.io\" references policy "
                        + "\"p.static.k8s.io\" which does not exist in the manifest directory");
        Files.writeString(file, """
                                apiVersion: admissionregistration.k8s.io/v1
                                kind: ValidatingWebhookConfiguration
                                metadata: {name: w.static.k8s.io}
                                """);
        assertThatThrownBy(() -> plugin(dir))
                .hasMessageStartingWith("error loading " + file + ": unsupported resource type");
        assertThatThrownBy(() -> new ValidatingAdmissionPolicy(new PluginContext(
                        objects(), null, Requests.object("staticManifestsDir: relative/dir"), Clock.systemUTC())))
                .hasMessage("staticManifestsDir: Invalid value: \"relative/dir\": must be an absolute file path");
    }

    private static ValidatingAdmissionPolicy plugin(Path dir) {
        return new ValidatingAdmissionPolicy(new PluginContext(objects(), null, config(dir), Clock.systemUTC()));
    }

    private static ObjectNode config(Path dir) {
        return Requests.object("apiVersion: apiserver.config.k8s.io/v1\nkind: ValidatingAdmissionPolicyConfiguration\n"
                + "staticManifestsDir: " + dir);
    }

    private static ValidatingAdmissionPolicy plugin(InMemoryObjects objects) {
        return new ValidatingAdmissionPolicy(new PluginContext(objects, null, null, Clock.systemUTC()));
    }

    private static InMemoryObjects objects() {
        return new InMemoryObjects()
                .put(
                        NAMESPACES,
                        "{apiVersion: v1, kind: Namespace, metadata: {name: garden-dev, "
                                + "labels: {project.gardener.cloud/name: dev}}}")
                .put(NAMESPACES, "{apiVersion: v1, kind: Namespace, metadata: {name: garden}}")
                .put(
                        CONFIGMAPS,
                        "{apiVersion: v1, kind: ConfigMap, metadata: {name: limits, namespace: garden-dev, "
                                + "labels: {kind: regions}}, data: {regions: 'eu-1,eu-2'}}")
                .put(
                        CONFIGMAPS,
                        "{apiVersion: v1, kind: ConfigMap, metadata: {name: wide, namespace: garden-dev, "
                                + "labels: {kind: regions}}, data: {regions: 'eu-1,eu-2'}}")
                .put(
                        CONFIGMAPS,
                        "{apiVersion: v1, kind: ConfigMap, metadata: {name: unrelated, namespace: garden-dev}, "
                                + "data: {regions: 'eu-1'}}")
                .put(
                        CONFIGMAPS,
                        "{apiVersion: v1, kind: ConfigMap, metadata: {name: limits, namespace: garden}, "
                                + "data: {regions: 'eu-9'}}");
    }

    private static ObjectNode policy(String name, String spec) {
        return Requests.object("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicy\n"
                + "metadata: {name: " + name + "}\nspec:\n" + indent(SHOOTS_RULE + spec));
    }

    private static ObjectNode binding(String name, String policy, String action) {
        return Requests.object("apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\n"
                + "metadata: {name: " + name + "}\nspec: {policyName: " + policy + ", validationActions: [" + action
                + "]}");
    }

    private static String indent(String yaml) {
        StringBuilder out = new StringBuilder();
        yaml.lines().forEach(line -> out.append("  ").append(line).append('\n'));
        return out.toString();
    }

    private static ObjectNode shoot() {
        return withRegion("eu-1");
    }

    private static ObjectNode withRegion(String region) {
        return Requests.object("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: Shoot
                metadata: {name: s1, namespace: garden-dev, labels: {team: a}}
                spec: {region: %s, purpose: evaluation}
                """.formatted(region));
    }

    private static Attributes create(ObjectNode object) {
        return Outcomes.shootRequest(Operation.CREATE, "", object, null);
    }

    private static Attributes controllerDeployment() {
        return Requests.create(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "ControllerDeployment"),
                new GroupResource("core.gardener.cloud", "controllerdeployments"),
                Requests.object("{apiVersion: core.gardener.cloud/v1beta1, kind: ControllerDeployment, "
                        + "metadata: {name: cd}}"));
    }

    private static Attributes cloudProfile() {
        return Requests.create(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "CloudProfile"),
                new GroupResource("core.gardener.cloud", "cloudprofiles"),
                Requests.object("{apiVersion: core.gardener.cloud/v1beta1, kind: CloudProfile, metadata: {name: cp}}"));
    }

    private static Attributes withWarnings(Attributes a, List<String> warnings) {
        return new Attributes(
                a.kind(),
                a.resource(),
                a.subresource(),
                a.namespace(),
                a.name(),
                a.operation(),
                a.object(),
                a.oldObject(),
                a.user(),
                a.dryRun(),
                warnings::add);
    }
}
