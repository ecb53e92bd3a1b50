package cloud.gardener.apiserver.admission.validation.security;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.security.v1alpha1.ContextObject;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequest;
import cloud.gardener.apiserver.api.security.v1alpha1.TokenRequestSpec;
import cloud.gardener.apiserver.api.validation.FieldError;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenRequestValidatorTest {

    private final TokenRequestValidator validator = new TokenRequestValidator();

    private static TokenRequest request(Long seconds, ContextObject context) {
        return new TokenRequest(null, null, new TokenRequestSpec(context, seconds), null);
    }

    private List<String> messages(TokenRequest request) {
        return validator.validate(request).stream().map(FieldError::toString).toList();
    }

    @Test
    void expirationBetweenTenMinutesAndTwoToTheThirtyTwo() {
        assertThat(messages(request(600L, null))).isEmpty();
        assertThat(messages(request(1L << 32, null))).isEmpty();
        assertThat(messages(request(599L, null)))
                .containsExactly(
                        "spec.expirationSeconds: Invalid value: 599: may not specify a duration shorter than 10 minutes");
        assertThat(messages(request((1L << 32) + 1, null)))
                .containsExactly(
                        "spec.expirationSeconds: Invalid value: 4294967297: may not specify a duration longer than 2^32 seconds");
    }

    @Test
    void contextObjectNeedsApiVersionKindAndName() {
        assertThat(messages(request(3600L, new ContextObject("", "", "", null, ""))))
                .containsExactly(
                        "spec.contextObject.apiVersion: Required value: must provide an apiVersion",
                        "spec.contextObject.kind: Required value: must provide a kind",
                        "spec.contextObject.name: Required value: must provide a name",
                        "spec.contextObject.name: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower "
                                + "case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric "
                                + "character (e.g. 'example.com', regex used for validation is "
                                + "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
        assertThat(messages(request(
                        3600L, new ContextObject("Shoot", "core.gardener.cloud/v1beta1", "s", "garden-dev", "u"))))
                .isEmpty();
    }

    @Test
    void givenNamespaceMustNotBeEmpty() {
        assertThat(messages(request(3600L, new ContextObject("Seed", "core.gardener.cloud/v1beta1", "s", "", "u"))))
                .first()
                .isEqualTo("spec.contextObject.namespace: Required value: namespace name cannot be empty");
    }
}
