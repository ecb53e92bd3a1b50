package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.arg;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertHasError;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertValid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.edited;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.example;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.invalid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.json;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.remove;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.set;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.stored;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validate;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;

import cloud.gardener.apiserver.admission.validation.core.ValidationCases.Case;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** ControllerRegistration, ControllerInstallation and ControllerDeployment (v1 and v1beta1). */
class ControllerValidatorsTest {

    static final ObjectNode REGISTRATION = example("25-controllerregistration.yaml");
    static final ObjectNode INSTALLATION = example("25-controllerinstallation.yaml");
    static final ObjectNode DEPLOYMENT = example("25-controllerdeployment.yaml");
    static final ObjectNode DEPLOYMENT_V1BETA1 = json("{'apiVersion':'core.gardener.cloud/v1beta1',"
            + "'kind':'ControllerDeployment','metadata':{'name':'d'},'type':'helm','providerConfig':{'ociRepository':"
            + "{'repository':'registry.example.com/foo','tag':'1.0.0'}}}");
    static final ObjectNode EXTENSION_REGISTRATION = json("{'apiVersion':'core.gardener.cloud/v1beta1',"
            + "'kind':'ControllerRegistration','metadata':{'name':'ext'},'spec':{'resources':[{'kind':'Extension',"
            + "'type':'foo','autoEnable':['shoot'],'lifecycle':{'reconcile':'AfterWorker'}}]}}");

    static Stream<ObjectNode> examples() {
        return Stream.of(REGISTRATION, INSTALLATION, DEPLOYMENT, DEPLOYMENT_V1BETA1, EXTENSION_REGISTRATION);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void examplesAreValid(ObjectNode obj) {
        assertValid(validate(obj));
        assertValid(validateUpdate(stored(obj), stored(obj)));
    }

    static Stream<Arguments> invalidCases() {
        return Stream.of(
                arg(
                        REGISTRATION,
                        invalid(
                                "unknown kind",
                                set("spec.resources[0].kind", "Foo"),
                                "spec.resources[0].kind",
                                NOT_SUPPORTED)),
                arg(
                        REGISTRATION,
                        invalid("missing type", remove("spec.resources[0].type"), "spec.resources[0].type", REQUIRED)),
                arg(
                        REGISTRATION,
                        invalid(
                                "duplicate kind/type",
                                set("spec.resources", "[{'kind':'Worker','type':'a'},{'kind':'Worker','type':'a'}]"),
                                "spec.resources[1]",
                                DUPLICATE)),
                arg(
                        REGISTRATION,
                        invalid(
                                "autoEnable for non-extension",
                                set("spec.resources[0].autoEnable", "['shoot']"),
                                "spec.resources[0].autoEnable",
                                FORBIDDEN)),
                arg(
                        REGISTRATION,
                        invalid(
                                "policy",
                                set("spec.deployment.policy", "Sometimes"),
                                "spec.deployment.policy",
                                NOT_SUPPORTED)),
                arg(
                        REGISTRATION,
                        invalid(
                                "seed selector while primary",
                                set("spec.deployment.seedSelector", "{'matchLabels':{'a':'b'}}"),
                                "spec.deployment.seedSelector",
                                FORBIDDEN)),
                arg(
                        REGISTRATION,
                        invalid(
                                "two deployment refs",
                                set("spec.deployment.deploymentRefs", "[{'name':'a'},{'name':'b'}]"),
                                "spec.deployment.deploymentRefs",
                                FORBIDDEN)),
                arg(
                        REGISTRATION,
                        invalid(
                                "empty deployment ref",
                                set("spec.deployment.deploymentRefs", "[{}]"),
                                "spec.deployment.deploymentRefs[0].name",
                                REQUIRED)),
                arg(
                        EXTENSION_REGISTRATION,
                        invalid(
                                "autoEnable seed not compatible",
                                set("spec.resources[0].autoEnable", "['seed']"),
                                "spec.resources[0].autoEnable[0]",
                                FORBIDDEN)),
                arg(
                        EXTENSION_REGISTRATION,
                        invalid(
                                "cluster type",
                                set("spec.resources[0].clusterCompatibility", "['garden']"),
                                "spec.resources[0].clusterCompatibility[0]",
                                NOT_SUPPORTED)),
                arg(
                        EXTENSION_REGISTRATION,
                        invalid(
                                "delete strategy",
                                set("spec.resources[0].lifecycle.delete", "AfterWorker"),
                                "spec.resources[0].lifecycle.delete",
                                NOT_SUPPORTED)),
                arg(
                        INSTALLATION,
                        invalid("registration", remove("spec.registrationRef"), "spec.registrationRef.name", REQUIRED)),
                arg(INSTALLATION, invalid("no seed or shoot", remove("spec.seedRef"), "spec.seedRef", FORBIDDEN)),
                arg(
                        INSTALLATION,
                        invalid(
                                "shoot namespace",
                                set("spec.shootRef", "{'name':'s'}"),
                                "spec.shootRef.namespace",
                                REQUIRED)),
                arg(DEPLOYMENT, invalid("no helm", remove("helm"), "", FORBIDDEN)),
                arg(DEPLOYMENT, invalid("raw chart and oci", set("helm.rawChart", "Zm9v"), "helm", REQUIRED)),
                arg(
                        DEPLOYMENT,
                        invalid(
                                "ref with tag",
                                set("helm.ociRepository.tag", "1"),
                                "helm.ociRepository.tag",
                                FORBIDDEN)),
                arg(
                        DEPLOYMENT,
                        invalid(
                                "digest format",
                                set("helm.ociRepository", "{'repository':'r','digest':'md5:x'}"),
                                "helm.ociRepository.digest",
                                INVALID)),
                arg(
                        DEPLOYMENT,
                        invalid(
                                "template to undeclared resource",
                                set("helm.values", "{'a':'{{ .resources.foo.data.bar }}'}"),
                                "helm.values",
                                INVALID)),
                arg(
                        DEPLOYMENT,
                        invalid(
                                "resource name",
                                set(
                                        "resources",
                                        "[{'name':'a-b','resourceRef':{'apiVersion':'v1','kind':'Secret','name':'s'}}]"),
                                "resources[0].name",
                                INVALID)),
                arg(
                        DEPLOYMENT_V1BETA1,
                        invalid(
                                "oci without tag",
                                remove("providerConfig.ociRepository.tag"),
                                "helm.ociRepository",
                                REQUIRED)),
                arg(
                        DEPLOYMENT_V1BETA1,
                        invalid(
                                "no type",
                                o -> {
                                    remove("type").accept(o);
                                    remove("providerConfig").accept(o);
                                },
                                "",
                                FORBIDDEN)));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalidCases")
    void rejects(ObjectNode base, Case c) {
        assertHasError(validate(edited(base, c.edit())), c.field(), c.type());
    }

    @Test
    void primaryIsImmutable() {
        ObjectNode changed = edited(REGISTRATION, set("spec.resources[0].primary", false));
        assertHasError(validateUpdate(stored(changed), stored(REGISTRATION)), "spec.resources[0].primary", INVALID);
    }

    @Test
    void specIsFrozenWhileDeleting() {
        ObjectNode old = edited(REGISTRATION, set("metadata.deletionTimestamp", "2024-01-01T00:00:00Z"));
        ObjectNode changed = edited(old, set("spec.resources[0].type", "other"));
        assertHasError(validateUpdate(stored(changed), stored(old)), "spec", FORBIDDEN);
    }

    @Test
    void installationReferencesAreImmutable() {
        assertHasError(
                validateUpdate(stored(edited(INSTALLATION, set("spec.seedRef.name", "other"))), stored(INSTALLATION)),
                "spec.seedRef.name",
                INVALID);
        assertHasError(
                validateUpdate(
                        stored(edited(INSTALLATION, set("spec.registrationRef.name", "other"))), stored(INSTALLATION)),
                "spec.registrationRef.name",
                INVALID);
        assertHasError(
                validateUpdate(
                        stored(edited(INSTALLATION, set("spec.shootRef", "{'name':'s','namespace':'n'}"))),
                        stored(INSTALLATION)),
                "spec.shootRef",
                INVALID);
    }
}
