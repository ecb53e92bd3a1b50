package cloud.gardener.apiserver.storage.etcd3;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An etcd server version as its Maintenance status reports it ({@code 3.4.23}), and what that version can be
 * trusted with.
 *
 * @param major major version
 * @param minor minor version
 * @param patch patch version
 */
public record EtcdVersion(int major, int minor, int patch) {

    private static final Pattern VERSION = Pattern.compile("v?(\\d+)\\.(\\d+)\\.(\\d+).*");

    /** Parses {@code 3.4.23} (a leading {@code v} and a suffix such as {@code -rc.0} are allowed). */
    public static EtcdVersion parse(String text) {
        Matcher m = VERSION.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not an etcd version: " + text);
        }
        return new EtcdVersion(
                Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /**
     * Whether a progress notification on a watch stream never overtakes events still queued for that stream
     * (etcd-io/etcd#15220, fixed in 3.4.31 and 3.5.13). Only then may a watch cache treat a progress report as
     * "every event up to here has been delivered"; kube-apiserver checks the same versions before it serves
     * consistent reads from its cache.
     */
    public boolean progressNotifyOrdered() {
        if (major != 3) {
            return major > 3;
        }
        return switch (minor) {
            case 4 -> patch >= 31;
            case 5 -> patch >= 13;
            default -> minor > 5;
        };
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
