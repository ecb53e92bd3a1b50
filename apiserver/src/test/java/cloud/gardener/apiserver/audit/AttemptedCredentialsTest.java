package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The status messages of upstream's {@code getAuthMethods} for the credentials Go would see. */
class AttemptedCredentialsTest {

    private static final String NONE = "Authentication failed, no credentials provided";

    @Test
    void nothingCarriedIsNoCredentials() {
        assertThat(AttemptedCredentials.message(null, null, false)).isEqualTo(NONE);
        assertThat(AttemptedCredentials.message("", "", false)).isEqualTo(NONE);
    }

    @Test
    void basicCredentialsCountOnlyWhenGoCouldDecodeThem() {
        // "alice:secret"
        assertThat(AttemptedCredentials.message("Basic YWxpY2U6c2VjcmV0", null, false))
                .isEqualTo("Authentication failed, attempted: basic");
        assertThat(AttemptedCredentials.message("bASIC YWxpY2U6c2VjcmV0", null, false))
                .isEqualTo("Authentication failed, attempted: basic");
        // no colon in "alice"
        assertThat(AttemptedCredentials.message("Basic YWxpY2U=", null, false)).isEqualTo(NONE);
        // "a:b" without its padding: Go's StdEncoding refuses it, Java's decoder would not
        assertThat(AttemptedCredentials.message("Basic YTpiYw", null, false)).isEqualTo(NONE);
        assertThat(AttemptedCredentials.message("Basic not*base64", null, false))
                .isEqualTo(NONE);
    }

    @Test
    void aBearerSchemeCountsWithAnythingAfterASpace() {
        assertThat(AttemptedCredentials.message("Bearer t0ken", null, false))
                .isEqualTo("Authentication failed, attempted: bearer");
        assertThat(AttemptedCredentials.message("  bearer  ", null, false)).isEqualTo(NONE);
        assertThat(AttemptedCredentials.message("bearer  x", null, false))
                .isEqualTo("Authentication failed, attempted: bearer");
        assertThat(AttemptedCredentials.message("Bearer\tt0ken", null, false)).isEqualTo(NONE);
    }

    @Test
    void everyCarriedCredentialIsListedInUpstreamsOrder() {
        assertThat(AttemptedCredentials.message("Bearer t", " token ", true))
                .isEqualTo("Authentication failed, attempted: bearer, access_token, x509");
        assertThat(AttemptedCredentials.message(null, "   ", true)).isEqualTo("Authentication failed, attempted: x509");
    }
}
