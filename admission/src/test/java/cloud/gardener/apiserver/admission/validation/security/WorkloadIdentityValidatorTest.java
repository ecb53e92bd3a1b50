package cloud.gardener.apiserver.admission.validation.security;

import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertOnly;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.assertValid;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.edited;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.example;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.remove;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.set;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.stored;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validate;
import static cloud.gardener.apiserver.admission.validation.seedmanagement.ValidationFixtures.validateUpdate;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.DUPLICATE;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadIdentityValidatorTest {

    private static final String UID = "4f5e6d7c-0000-1111-2222-333344445555";
    private static final String SUB = "gardener.cloud:workloadidentity:garden-dev:my-provider-account:" + UID;

    @Test
    void exampleIsValid() {
        assertValid(validate(valid()));
        assertValid(validateUpdate(stored(valid()), stored(valid())));
    }

    @Test
    void audiencesAreRequired() {
        FieldError e = assertOnly(validate(edited(valid(), remove("spec.audiences"))), "spec.audiences", REQUIRED);
        assertThat(e.detail()).isEqualTo("must provide at least one audience");
    }

    @Test
    void audiencesAreNonEmpty() {
        assertOnly(validate(edited(valid(), set("spec.audiences", "['a','']"))), "spec.audiences[1]", REQUIRED);
    }

    @Test
    void audiencesAreDistinct() {
        FieldError e = assertOnly(
                validate(edited(valid(), set("spec.audiences", "['a','a']"))), "spec.audiences[1]", DUPLICATE);
        assertThat(e.toString()).isEqualTo("spec.audiences[1]: Duplicate value: \"a\"");
    }

    @Test
    void targetTypeIsRequired() {
        assertOnly(validate(edited(valid(), set("spec.targetSystem.type", ""))), "spec.targetSystem.type", REQUIRED);
    }

    @Test
    void oneTargetTypeOnly() {
        assertOnly(validate(edited(valid(), set("spec.targetSystem.type", "a,b"))), "spec.targetSystem.type", INVALID);
    }

    @Test
    void subMustMatch() {
        FieldError e = assertOnly(validate(edited(valid(), set("status.sub", "x"))), "status.sub", INVALID);
        assertThat(e.detail()).isEqualTo("sub claim does not match expected value: \"" + SUB + "\"");
    }

    @Test
    void subIsRequired() {
        List<FieldError> errs = validate(edited(valid(), remove("status.sub")));
        assertThat(errs)
                .extracting(FieldError::field, FieldError::type)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("status.sub", REQUIRED),
                        org.assertj.core.groups.Tuple.tuple("status.sub", INVALID));
    }

    @Test
    void subMustBeShort() {
        String name = "n".repeat(200);
        String sub = "gardener.cloud:workloadidentity:garden-dev:" + name + ":" + UID;
        FieldError e = assertOnly(
                validate(edited(valid(), set("metadata.name", name), set("status.sub", sub))), "status.sub", INVALID);
        assertThat(e.detail())
                .isEqualTo("sub claim is too long (" + sub.length()
                        + "), it is allowed to be no more than 255 ASCII characters");
    }

    @Test
    void targetTypeAndSubAreImmutable() {
        ObjectNode old = stored(valid());
        assertOnly(
                validateUpdate(edited(old, set("spec.targetSystem.type", "gcp")), old),
                "spec.targetSystem.type",
                INVALID);
        List<FieldError> errs = validateUpdate(edited(old, set("status.sub", "x")), old);
        assertThat(errs)
                .extracting(FieldError::field, FieldError::type)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("status.sub", INVALID),
                        org.assertj.core.groups.Tuple.tuple("status.sub", INVALID));
    }

    /** The example as the server validates it: with its uid and the sub claim the registry computes. */
    private static ObjectNode valid() {
        return edited(
                example("70-workloadidentity-provider.yaml"),
                set("spec.targetSystem.type", "local"),
                set("metadata.uid", UID),
                set("status.sub", SUB));
    }
}
