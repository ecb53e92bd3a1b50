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
import static cloud.gardener.apiserver.api.validation.FieldErrorType.INVALID;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.NOT_SUPPORTED;
import static cloud.gardener.apiserver.api.validation.FieldErrorType.REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class CredentialsBindingValidatorTest {

    @Test
    void exampleIsValid() {
        assertValid(validate(valid()));
        assertValid(validateUpdate(stored(valid()), stored(valid())));
    }

    @Test
    void providerTypeIsRequired() {
        FieldError e = assertOnly(validate(edited(valid(), set("provider.type", ""))), "provider.type", REQUIRED);
        assertThat(e.detail()).isEqualTo("must specify a provider type");
    }

    @Test
    void oneProviderOnly() {
        FieldError e = assertOnly(validate(edited(valid(), set("provider.type", "aws,gcp"))), "provider.type", INVALID);
        assertThat(e.toString()).isEqualTo("provider.type: Invalid value: \"aws,gcp\": multiple providers specified");
    }

    @Test
    void credentialsRefKindMustBeSupported() {
        assertOnly(validate(edited(valid(), set("credentialsRef.kind", "ConfigMap"))), "credentialsRef", NOT_SUPPORTED);
    }

    @Test
    void credentialsRefNameIsRequired() {
        assertThat(validate(edited(valid(), remove("credentialsRef.name"))))
                .anyMatch(e -> e.field().equals("credentialsRef.name") && e.type() == REQUIRED);
    }

    @Test
    void quotaNameIsRequired() {
        assertOnly(validate(edited(valid(), set("quotas", "[{'namespace':'garden'}]"))), "quotas[0].name", REQUIRED);
    }

    @Test
    void quotaNamespaceMustBeValid() {
        assertOnly(
                validate(edited(valid(), set("quotas", "[{'name':'q','namespace':'A'}]"))),
                "quotas[0].namespace",
                INVALID);
    }

    @Test
    void metadataNameMustBeSubdomain() {
        assertOnly(validate(edited(valid(), set("metadata.name", "A"))), "metadata.name", INVALID);
    }

    @Test
    void referencesAndProviderAreImmutable() {
        ObjectNode old = stored(valid());
        FieldError ref = assertOnly(
                validateUpdate(edited(old, set("credentialsRef.name", "other")), old), "credentialsRef", INVALID);
        assertThat(ref.bodyMessage())
                .isEqualTo("Invalid value: v1.ObjectReference{Kind:\"WorkloadIdentity\", "
                        + "Namespace:\"garden-dev\", Name:\"other\", UID:\"\", APIVersion:\"security.gardener.cloud/v1alpha1\", "
                        + "ResourceVersion:\"\", FieldPath:\"\"}: field is immutable");
        assertOnly(
                validateUpdate(edited(old, set("quotas", "[{'name':'q','namespace':'garden'}]")), old),
                "quotas",
                INVALID);
        FieldError provider =
                assertOnly(validateUpdate(edited(old, set("provider.type", "gcp")), old), "provider", INVALID);
        assertThat(provider.bodyMessage())
                .isEqualTo("Invalid value: security.CredentialsBindingProvider{Type:\"gcp\"}: field is immutable");
    }

    private static ObjectNode valid() {
        return edited(example("80-credentialsbinding.yaml"), set("provider.type", "local"));
    }
}
