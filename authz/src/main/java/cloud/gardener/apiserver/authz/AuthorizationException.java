package cloud.gardener.apiserver.authz;

/** Authorization could not be decided (as opposed to a denial). */
public final class AuthorizationException extends RuntimeException {

    public AuthorizationException(String message) {
        super(message);
    }
}
