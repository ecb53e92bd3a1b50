package cloud.gardener.apiserver.admission.validation.operations;

import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertOnly;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertValid;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.edited;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.example;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.remove;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.set;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.stored;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validate;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BastionValidatorTest {

    private static final String ED25519 =
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl user@host";

    @Test
    void exampleIsValid() {
        assertValid(validate(example("100-bastion.yaml")));
        assertValid(validateUpdate(stored(example("100-bastion.yaml")), stored(example("100-bastion.yaml"))));
    }

    @Test
    void shootReferenceIsRequired() {
        FieldError e =
                assertOnly(validate(edited(valid(), set("spec.shootRef.name", ""))), "spec.shootRef.name", INVALID);
        assertThat(e.toString())
                .isEqualTo("spec.shootRef.name: Invalid value: \"\": shoot reference must not be empty");
    }

    @Test
    void nameMustBeDnsLabel() {
        assertOnly(validate(edited(valid(), set("metadata.name", "a.b"))), "metadata.name", INVALID);
    }

    @Test
    void keyIsRequired() {
        FieldError e =
                assertOnly(validate(edited(valid(), set("spec.sshPublicKey", ""))), "spec.sshPublicKey", INVALID);
        assertThat(e.detail()).isEqualTo("sshPublicKey must not be empty");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not a key",
                "ssh-ed25519 AAAA",
                "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKL",
                "ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB"
            })
    void keyMustParse(String key) {
        FieldError e =
                assertOnly(validate(edited(valid(), set("spec.sshPublicKey", key))), "spec.sshPublicKey", INVALID);
        assertThat(e.detail()).isEqualTo("invalid sshPublicKey");
    }

    @ParameterizedTest
    @ValueSource(strings = {ED25519, "# comment\n" + ED25519, "no-pty,command=\"echo a b\" " + ED25519})
    void authorizedKeyLinesParse(String key) {
        assertValid(validate(edited(valid(), set("spec.sshPublicKey", key))));
    }

    @Test
    void ingressIsRequired() {
        FieldError e = assertOnly(validate(edited(valid(), remove("spec.ingress"))), "spec.ingress", INVALID);
        assertThat(e.toString())
                .isEqualTo("spec.ingress: Invalid value: []operations.BastionIngressPolicy(nil): "
                        + "ingress must not be empty");
    }

    @Test
    void ingressCidrIsRequired() {
        FieldError e = assertOnly(
                validate(edited(valid(), set("spec.ingress", "[{'ipBlock':{'cidr':''}}]"))), "spec.ingress", INVALID);
        assertThat(e.detail()).isEqualTo("CIDR must not be empty");
    }

    @Test
    void ingressCidrMustParse() {
        FieldError e = assertOnly(
                validate(edited(valid(), set("spec.ingress", "[{'ipBlock':{'cidr':'1.2.3.4'}}]"))),
                "spec.ingress",
                INVALID);
        assertThat(e.toString()).isEqualTo("spec.ingress: Invalid value: \"1.2.3.4\": invalid CIDR");
    }

    @Test
    void shootKeyAndCreatorAreImmutable() {
        ObjectNode old = stored(edited(valid(), set("metadata.annotations", "{'gardener.cloud/created-by':'alice'}")));
        assertOnly(validateUpdate(edited(old, set("spec.shootRef.name", "other")), old), "spec.shootRef.name", INVALID);
        assertOnly(
                validateUpdate(edited(old, set("spec.sshPublicKey", ED25519 + "x")), old),
                "spec.sshPublicKey",
                INVALID);
        FieldError e = assertOnly(
                validateUpdate(edited(old, set("metadata.annotations", "{'gardener.cloud/created-by':'bob'}")), old),
                "metadata.annotations",
                INVALID);
        assertThat(e.bodyMessage()).isEqualTo("Invalid value: \"bob\": field is immutable");
    }

    private static ObjectNode valid() {
        return edited(example("100-bastion.yaml"), set("spec.sshPublicKey", ED25519));
    }
}
