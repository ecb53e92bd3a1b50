package cloud.gardener.apiserver.admission.validation.core;

/**
 * Gardener's {@code versionutils}: comparisons of normalized versions and the "Kubernetes at least 1.x"
 * constraints that switch rules on and off.
 */
final class KubernetesVersions {

    private KubernetesVersions() {
    }

    /**
     * {@code CompareVersions(v1, op, v2)} with op one of {@code < <= > >=}.
     *
     * @throws IllegalArgumentException with the library's message when a version does not parse
     */
    static boolean compare(String v1, String op, String v2) {
        String n2 = SemanticVersion.normalize(v2);
        SemanticVersion b;
        try {
            b = SemanticVersion.parse(n2);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("improper constraint: " + op + " " + n2, e);
        }
        SemanticVersion a = SemanticVersion.parse(SemanticVersion.normalize(v1));
        int c = a.compareTo(b);
        return switch (op) {
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            case ">=" -> c >= 0;
            default -> throw new IllegalArgumentException("improper constraint: " + op + " " + n2);
        };
    }

    /** A constraint such as {@code >= 1.34-0}: false for a version that does not parse. */
    static boolean atLeast(String version, int major, int minor) {
        try {
            SemanticVersion v = SemanticVersion.parse(version);
            return v.major() > major || (v.major() == major && v.minor() >= minor);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A constraint such as {@code < 1.35-0}: false for a version that does not parse. */
    static boolean below(String version, int major, int minor) {
        try {
            SemanticVersion v = SemanticVersion.parse(version);
            return v.major() < major || (v.major() == major && v.minor() < minor);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
