package cloud.gardener.apiserver.admission.plugins.seedrestriction;

/**
 * What SeedRestriction answers, as controller-runtime's {@code admission.Response}: allowed, or refused with
 * an HTTP code and a message.
 */
public record Verdict(boolean allowed, int code, String message) {

    static final Verdict ALLOWED = new Verdict(true, 200, "");

    static Verdict allowed(String message) {
        return new Verdict(true, 200, message);
    }

    static Verdict denied(int code, String message) {
        return new Verdict(false, code, message);
    }

    static Verdict forbidden(String message) {
        return denied(403, message);
    }

    static Verdict badRequest(String message) {
        return denied(400, message);
    }

    static Verdict invalid(String message) {
        return denied(422, message);
    }

    static Verdict internal(String message) {
        return denied(500, message);
    }
}
