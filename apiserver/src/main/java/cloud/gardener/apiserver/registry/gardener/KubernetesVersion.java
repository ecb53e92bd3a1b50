package cloud.gardener.apiserver.registry.gardener;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shoot's {@code spec.kubernetes.version} as the strategies' version constraints read it (Masterminds semver:
 * {@code v} prefix and missing minor/patch tolerated; a pre-release satisfies no plain constraint).
 */
record KubernetesVersion(int major, int minor, boolean preRelease) {

    private static final Pattern SEMVER =
            Pattern.compile("v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?");

    static Optional<KubernetesVersion> parse(String version) {
        Matcher m = SEMVER.matcher(version == null ? "" : version);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            int minor = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
            return Optional.of(new KubernetesVersion(Integer.parseInt(m.group(1)), minor, m.group(4) != null));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** {@code >= major.minor} */
    boolean atLeast(int major, int minor) {
        return !preRelease && (this.major != major ? this.major > major : this.minor >= minor);
    }

    /** {@code < major.minor} */
    boolean lessThan(int major, int minor) {
        return !preRelease && (this.major != major ? this.major < major : this.minor < minor);
    }
}
