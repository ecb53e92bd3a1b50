package cloud.gardener.apiserver.admission.validation.seedmanagement;

import static cloud.gardener.apiserver.admission.validation.seedmanagement.ManagedSeedValidatorTest.cse;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertOnly;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertValid;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.edited;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.example;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.remove;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.set;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.stored;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validate;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.FORBIDDEN;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldErrorType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GardenletValidatorTest {

    private static final String OCI = "spec.deployment.helm.ociRepository";

    /** Gardener's 55-gardenlet.yaml ships its chart tag commented out, which Gardener's validation rejects. */
    @Test
    void exampleNeedsItsChartTag() {
        FieldError e = assertOnly(validate(example("55-gardenlet.yaml")), OCI, REQUIRED);
        assertThat(e.toString()).isEqualTo(OCI + ": Required value: must provide either tag or digest");
    }

    @Test
    void exampleWithTagAndSeedConfigIsValid() {
        assertValid(validate(valid()));
        assertValid(validateUpdate(stored(valid()), stored(valid())));
    }

    static Stream<Arguments> invalidCreates() {
        return Stream.of(
                cse("namespace not garden", set("metadata.namespace", "other"), "metadata.namespace", FORBIDDEN),
                cse("name is no DNS label", set("metadata.name", "a.b"), "metadata.name", INVALID),
                cse(
                        "unknown operation",
                        set("metadata.annotations", "{'gardener.cloud/operation':'restart'}"),
                        "metadata.annotations[gardener.cloud/operation]",
                        NOT_SUPPORTED),
                cse(
                        "negative replicas",
                        set("spec.deployment.replicaCount", -1),
                        "spec.deployment.replicaCount",
                        INVALID),
                cse("no repository", set(OCI, "{}"), OCI, REQUIRED),
                cse("ref with tag", set(OCI, "{'ref':'r:1','tag':'1'}"), OCI + ".tag", FORBIDDEN),
                cse("digest without sha256", set(OCI, "{'repository':'r','digest':'md5:x'}"), OCI + ".digest", INVALID),
                cse(
                        "empty repository with tag",
                        both(remove(OCI + ".repository"), set(OCI + ".ref", "")),
                        OCI,
                        REQUIRED),
                cse(
                        "kubeconfig with bootstrap token",
                        set("spec.config.gardenClientConnection.kubeconfig", "k"),
                        "spec.config.gardenClientConnection.kubeconfig",
                        FORBIDDEN),
                cse(
                        "seed name set",
                        set("spec.config.seedConfig.metadata.name", "x"),
                        "spec.config.seedConfig.metadata.name",
                        FORBIDDEN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCreates")
    void rejects(String name, Consumer<ObjectNode> edit, String field, FieldErrorType type) {
        assertOnly(validate(edited(valid(), edit)), field, type);
    }

    @Test
    void forceRedeployIsAnOperation() {
        assertValid(validate(
                edited(valid(), set("metadata.annotations", "{'gardener.cloud/operation':'force-redeploy'}"))));
    }

    @Test
    void operationCannotBeOverwritten() {
        ObjectNode old =
                stored(edited(valid(), set("metadata.annotations", "{'gardener.cloud/operation':'reconcile'}")));
        FieldError e = assertOnly(
                validateUpdate(
                        edited(old, set("metadata.annotations", "{'gardener.cloud/operation':'force-redeploy'}")), old),
                "metadata.annotations[gardener.cloud/operation]",
                FORBIDDEN);
        assertThat(e.detail()).isEqualTo("must not overwrite operation \"reconcile\" with \"force-redeploy\"");
    }

    @Test
    void seedConfigUpdateRulesApply() {
        ObjectNode old = stored(edited(valid(), set("spec.config.seedConfig.spec.networks.pods", "10.1.0.0/16")));
        assertOnly(
                validateUpdate(edited(old, set("spec.config.seedConfig.spec.networks.pods", "10.3.0.0/16")), old),
                "spec.config.seedConfig.spec.networks.pods",
                INVALID);
    }

    private static ObjectNode valid() {
        return edited(
                example("55-gardenlet.yaml"),
                set(OCI + ".tag", "v1.150.0"),
                set("spec.config.seedConfig.spec.dns.internal", ValidationFixtures.INTERNAL_DNS));
    }

    @SafeVarargs
    private static Consumer<ObjectNode> both(Consumer<ObjectNode>... edits) {
        return obj -> {
            for (Consumer<ObjectNode> edit : edits) {
                edit.accept(obj);
            }
        };
    }
}
