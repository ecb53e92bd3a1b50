package cloud.gardener.apiserver.authn;

import java.util.Objects;

/**
 * The answer of an {@link Authenticator}: the request carried credentials of its kind and they identify
 * {@link #user()}; or it carried none ({@link Outcome#NOT_APPLICABLE}); or they were bad
 * ({@link Outcome#FAILED}, with a reason for the server log; the client only ever sees 401).
 */
public record AuthenticationResult(Outcome outcome, UserInfo user, String reason) {

    public enum Outcome {
        AUTHENTICATED,
        NOT_APPLICABLE,
        FAILED
    }

    private static final AuthenticationResult NOT_APPLICABLE =
            new AuthenticationResult(Outcome.NOT_APPLICABLE, null, "");

    public AuthenticationResult {
        Objects.requireNonNull(outcome, "outcome");
        if ((outcome == Outcome.AUTHENTICATED) != (user != null)) {
            throw new IllegalArgumentException("a user goes with AUTHENTICATED and only with it");
        }
        reason = reason == null ? "" : reason;
    }

    public static AuthenticationResult authenticated(UserInfo user) {
        return new AuthenticationResult(Outcome.AUTHENTICATED, Objects.requireNonNull(user, "user"), "");
    }

    public static AuthenticationResult notApplicable() {
        return NOT_APPLICABLE;
    }

    public static AuthenticationResult failed(String reason) {
        return new AuthenticationResult(Outcome.FAILED, null, reason);
    }

    public boolean isAuthenticated() {
        return outcome == Outcome.AUTHENTICATED;
    }

    public boolean isFailed() {
        return outcome == Outcome.FAILED;
    }

    public boolean isNotApplicable() {
        return outcome == Outcome.NOT_APPLICABLE;
    }
}
