package cloud.gardener.apiserver.authn;

import static cloud.gardener.apiserver.authn.Results.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BearerTokenAuthenticatorTest {

    private static final TokenAuthenticator KNOWS_ABC = token -> Future.succeededFuture(
            token.equals("abc")
                    ? AuthenticationResult.authenticated(UserInfo.of("alice", List.of("dev")))
                    : AuthenticationResult.notApplicable());

    private static AuthenticationRequest request(String authorization) {
        return new AuthenticationRequest(
                List.of(),
                RequestHeaders.of(authorization == null ? Map.of() : Map.of("Authorization", List.of(authorization))),
                "/apis");
    }

    @Test
    void parsesTheHeaderAsUpstream() {
        assertThat(BearerTokenAuthenticator.token("Bearer abc")).isEqualTo("abc");
        assertThat(BearerTokenAuthenticator.token("  bearer abc  ")).isEqualTo("abc");
        assertThat(BearerTokenAuthenticator.token("BEARER abc extra")).isEqualTo("abc");
        assertThat(BearerTokenAuthenticator.token("Bearer  abc")).isNull();
        assertThat(BearerTokenAuthenticator.token("Bearer")).isNull();
        assertThat(BearerTokenAuthenticator.token("Basic YWxpY2U6cHc=")).isNull();
        assertThat(BearerTokenAuthenticator.token("")).isNull();
        assertThat(BearerTokenAuthenticator.token(null)).isNull();
    }

    @Test
    void knownTokenAuthenticatesUnknownFailsAbsentIsNotApplicable() {
        BearerTokenAuthenticator bearer = new BearerTokenAuthenticator(List.of(KNOWS_ABC));

        assertThat(now(bearer.authenticate(request("Bearer abc"))).user().name())
                .isEqualTo("alice");
        AuthenticationResult unknown = now(bearer.authenticate(request("Bearer nope")));
        assertThat(unknown.isFailed()).isTrue();
        assertThat(unknown.reason()).isEqualTo("invalid bearer token");
        assertThat(now(bearer.authenticate(request(null))).isNotApplicable()).isTrue();
        assertThat(now(bearer.authenticate(request("Basic x"))).isNotApplicable())
                .isTrue();
    }

    @Test
    void laterAuthenticatorIsAskedAfterAnErrorAndErrorsAreReported() {
        TokenAuthenticator broken = token -> Future.failedFuture(new IllegalStateException("webhook down"));
        BearerTokenAuthenticator bearer = new BearerTokenAuthenticator(List.of(broken, KNOWS_ABC));

        assertThat(now(bearer.authenticate(request("Bearer abc"))).isAuthenticated())
                .isTrue();
        assertThat(now(bearer.authenticate(request("Bearer x"))).reason()).isEqualTo("webhook down");
    }
}
