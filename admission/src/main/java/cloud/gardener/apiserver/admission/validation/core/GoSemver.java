package cloud.gardener.apiserver.admission.validation.core;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.semver4j.Semver;

/**
 * Versions as Masterminds' {@code semver.NewVersion} reads them (an optional {@code v}, minor and patch may be
 * missing), compared with semver4j; and the syntax check of its constraints.
 */
final class GoSemver {

    private static final Pattern VERSION = Pattern.compile("v?([0-9]+)(\\.[0-9]+)?(\\.[0-9]+)?"
            + "(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?");
    private static final String CV = "v?([0-9|x|X|\\*]+)(\\.[0-9|x|X|\\*]+)?(\\.[0-9|x|X|\\*]+)?"
            + "(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?";
    private static final Pattern CONSTRAINT = Pattern.compile(
            "\\s*(=|!=|>|<|>=|=>|<=|=<|~|~>|\\^)?\\s*" + CV + "\\s*");
    private static final Pattern HYPHEN_RANGE = Pattern.compile("\\s*" + CV + "\\s+-\\s+" + CV + "\\s*");

    private GoSemver() {
    }

    /** The version, or null when {@code semver.NewVersion} would fail. */
    static Semver parse(String version) {
        if (version == null) {
            return null;
        }
        Matcher m = VERSION.matcher(version);
        if (!m.matches()) {
            return null;
        }
        StringBuilder sb = new StringBuilder(Long.parseLong(m.group(1)) + "")
                .append(m.group(2) == null ? ".0" : "." + Long.parseLong(m.group(2).substring(1)))
                .append(m.group(3) == null ? ".0" : "." + Long.parseLong(m.group(3).substring(1)));
        if (m.group(4) != null) {
            sb.append(m.group(4));
        }
        if (m.group(7) != null) {
            sb.append(m.group(7));
        }
        try {
            return Semver.parse(sb.toString());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Null when {@code semver.NewConstraint} accepts the constraint, else its error text. */
    static String constraintError(String constraint) {
        for (String or : constraint.split("\\|\\|", -1)) {
            if (HYPHEN_RANGE.matcher(or).matches()) {
                continue;
            }
            for (String and : or.trim().split("\\s*,\\s*|\\s+(?![0-9v*xX])", -1)) {
                if (!CONSTRAINT.matcher(and).matches()) {
                    return "improper constraint: " + constraint;
                }
            }
        }
        return null;
    }
}
