package cloud.gardener.apiserver.authz;

import java.util.Objects;

/**
 * An authorizer's answer and its reason (appended to the 403 message when not empty).
 */
public record Decision(Verdict verdict, String reason) {

    public enum Verdict {
        ALLOW,
        DENY,
        NO_OPINION
    }

    private static final Decision ALLOW = new Decision(Verdict.ALLOW, "");
    private static final Decision NO_OPINION = new Decision(Verdict.NO_OPINION, "");

    public Decision {
        Objects.requireNonNull(verdict, "verdict");
        reason = reason == null ? "" : reason;
    }

    public static Decision allow() {
        return ALLOW;
    }

    public static Decision allow(String reason) {
        return new Decision(Verdict.ALLOW, reason);
    }

    public static Decision deny(String reason) {
        return new Decision(Verdict.DENY, reason);
    }

    public static Decision noOpinion() {
        return NO_OPINION;
    }

    public static Decision noOpinion(String reason) {
        return new Decision(Verdict.NO_OPINION, reason);
    }

    public boolean isAllowed() {
        return verdict == Verdict.ALLOW;
    }
}
