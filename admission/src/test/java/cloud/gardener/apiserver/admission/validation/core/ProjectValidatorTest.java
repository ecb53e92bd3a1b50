package cloud.gardener.apiserver.admission.validation.core;

import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertHasError;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.assertValid;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.edited;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.example;
import static cloud.gardener.apiserver.admission.validation.core.ValidationCases.invalid;
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
import static cloud.gardener.apiserver.api.validation.FieldErrorType.TOO_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.core.ValidationCases.Case;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProjectValidatorTest {

    private static final ObjectNode PROJECT = example("05-project-dev.yaml");

    @Test
    void exampleIsValid() {
        assertValid(validate(PROJECT));
        assertValid(validateUpdate(stored(PROJECT), stored(PROJECT)));
    }

    static Stream<Case> invalidCases() {
        return Stream.of(
                invalid("name too long", set("metadata.name", "abcdefghijk"), "metadata.name", TOO_LONG),
                invalid("name not a subdomain", set("metadata.name", "Dev"), "metadata.name", INVALID),
                invalid("name with double hyphen", set("metadata.name", "a--b"), "metadata.name", INVALID),
                invalid("namespace without garden- prefix", set("spec.namespace", "dev"), "spec.namespace", INVALID),
                invalid(
                        "reserved namespace",
                        set("spec.namespace", "gardener-system-public"),
                        "spec.namespace",
                        INVALID),
                invalid(
                        "duplicate member",
                        set("spec.members[1].name", "alice.doe@example.com"),
                        "spec.members[1]",
                        DUPLICATE),
                invalid(
                        "second owner",
                        o -> {
                            set("spec.members[0].role", "owner").accept(o);
                            set("spec.members[1].role", "owner").accept(o);
                        },
                        "spec.members[1].roles[0]",
                        FORBIDDEN),
                invalid("unknown role", set("spec.members[0].role", "boss"), "spec.members[0].roles[0]", NOT_SUPPORTED),
                invalid(
                        "duplicate role",
                        set("spec.members[0].roles", "['viewer','viewer']"),
                        "spec.members[0].roles[2]",
                        DUPLICATE),
                invalid(
                        "extension role too long",
                        set("spec.members[0].role", "extension:abcdefghijklmnopqrstu"),
                        "spec.members[0].roles[0]",
                        TOO_LONG),
                invalid(
                        "user with wrong api group",
                        set("spec.members[0].apiGroup", ""),
                        "spec.members[0].apiGroup",
                        NOT_SUPPORTED),
                invalid(
                        "user with namespace",
                        set("spec.members[0].namespace", "garden"),
                        "spec.members[0].namespace",
                        FORBIDDEN),
                invalid(
                        "service account without namespace",
                        o -> {
                            set("spec.members[0].kind", "ServiceAccount").accept(o);
                            set("spec.members[0].apiGroup", "").accept(o);
                        },
                        "spec.members[0].namespace",
                        REQUIRED),
                invalid("unknown subject kind", set("spec.owner.kind", "Robot"), "spec.owner.kind", NOT_SUPPORTED),
                invalid("empty description", set("spec.description", ""), "spec.description", REQUIRED),
                invalid("invalid purpose characters", set("spec.purpose", "a<b>"), "spec.purpose", FORBIDDEN),
                invalid(
                        "toleration without key",
                        set("spec.tolerations", "{'defaults':[{'value':'a'}]}"),
                        "spec.tolerations.defaults[0].key",
                        REQUIRED),
                invalid(
                        "default toleration not allowed",
                        set("spec.tolerations", "{'defaults':[{'key':'a'}]}"),
                        "spec.tolerations.defaults[0]",
                        FORBIDDEN),
                invalid(
                        "duplicate toleration",
                        set("spec.tolerations", "{'defaults':[{'key':'a'},{'key':'a'}],'whitelist':[{'key':'a'}]}"),
                        "spec.tolerations.defaults[1]",
                        DUPLICATE),
                invalid(
                        "dual approval for other resource",
                        set("spec.dualApprovalForDeletion", "[{'resource':'seeds','selector':{}}]"),
                        "spec.dualApprovalForDeletion[0].resource",
                        NOT_SUPPORTED),
                invalid(
                        "dual approval twice",
                        set(
                                "spec.dualApprovalForDeletion",
                                "[{'resource':'shoots','selector':{}},{'resource':'shoots','selector':{}}]"),
                        "spec.dualApprovalForDeletion[1].resource",
                        DUPLICATE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidCases")
    void rejects(Case c) {
        assertHasError(validate(edited(PROJECT, c.edit())), c.field(), c.type());
    }

    @Test
    void namespaceIsImmutable() {
        ObjectNode changed = edited(PROJECT, set("spec.namespace", "garden-other"));
        List<FieldError> errs = validateUpdate(stored(changed), stored(PROJECT));
        assertHasError(errs, "spec.namespace", INVALID);
        assertThat(errs)
                .anyMatch(e ->
                        e.toString().equals("spec.namespace: Invalid value: \"garden-other\": field is immutable"));
    }

    @Test
    void createdByIsImmutableAndOwnerCannotBeReset() {
        ObjectNode old = edited(
                PROJECT, set("spec.createdBy", "{'apiGroup':'rbac.authorization.k8s.io','kind':'User','name':'a'}"));
        ObjectNode changed =
                edited(old, set("spec.createdBy", "{'apiGroup':'rbac.authorization.k8s.io','kind':'User','name':'b'}"));
        assertHasError(validateUpdate(stored(changed), stored(old)), "spec.createdBy", INVALID);
        assertHasError(
                validateUpdate(stored(edited(PROJECT, remove("spec.owner"))), stored(PROJECT)), "spec.owner", INVALID);
    }

    @Test
    void unchangedInvalidDescriptionStaysAllowed() {
        ObjectNode old = edited(PROJECT, set("spec.description", "a<b>"));
        assertValid(validateUpdate(stored(old), stored(old)));
    }

    @Test
    void messagesAreGardeners() {
        List<FieldError> errs = validate(edited(PROJECT, set("spec.namespace", "dev")));
        assertThat(errs)
                .extracting(FieldError::toString)
                .contains("spec.namespace: Invalid value: \"dev\": must start with garden-");
    }
}
