package cloud.gardener.apiserver.admission.validation.core;

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
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class SecretBindingValidatorTest {

    @Test
    void exampleIsValid() {
        assertValid(validate(valid()));
        assertValid(validateUpdate(stored(valid()), stored(valid())));
    }

    @Test
    void aTypeListIsValid() {
        assertValid(validate(edited(valid(), set("provider.type", "aws,local"))));
    }

    @Test
    void aNewBindingNeedsAProvider() {
        FieldError e = assertOnly(validate(edited(valid(), remove("provider"))), "provider", REQUIRED);
        assertThat(e.detail()).isEqualTo("must specify a provider");
        FieldError type = assertOnly(validate(edited(valid(), set("provider.type", ""))), "provider.type", REQUIRED);
        assertThat(type.detail()).isEqualTo("must specify a provider type");
    }

    /** Bindings stored before providers existed stay editable, and may get one. */
    @Test
    void anUpdateNeedsNoProvider() {
        ObjectNode legacy = stored(edited(valid(), remove("provider")));
        assertValid(validateUpdate(edited(legacy, set("metadata.labels", "{'team':'a'}")), legacy));
        assertValid(validateUpdate(stored(valid()), legacy));
    }

    @Test
    void secretNameIsRequired() {
        FieldError e = assertOnly(validate(edited(valid(), remove("secretRef.name"))), "secretRef.name", REQUIRED);
        assertThat(e.detail()).isEqualTo("must provide a name");
    }

    @Test
    void referencesAndAProviderAreImmutable() {
        ObjectNode old = stored(valid());
        assertOnly(validateUpdate(edited(old, set("secretRef.name", "other")), old), "secretRef", INVALID);
        assertOnly(
                validateUpdate(edited(old, set("quotas", "[{'name':'q','namespace':'garden'}]")), old),
                "quotas",
                INVALID);
        assertOnly(validateUpdate(edited(old, set("provider.type", "gcp")), old), "provider", INVALID);
    }

    private static ObjectNode valid() {
        return edited(example("80-secretbinding.yaml"), set("provider.type", "local"));
    }
}
