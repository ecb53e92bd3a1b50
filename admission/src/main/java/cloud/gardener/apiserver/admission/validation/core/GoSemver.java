package cloud.gardener.apiserver.admission.validation.core;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.semver4j.Semver;

/**
 * Semantic versions as Gardener reads them with Masterminds/semver v3.5 ({@code semver.NewVersion}: an optional
 * {@code v}, minor and patch may be missing, leading zeros coerced), held and compared as semver4j versions; the
 * syntax and the comparison operators of its constraints; and Gardener's {@code versionutils} on top
 * ({@code Normalize}, {@code CompareVersions}, the {@code ConstraintK8s...} checks). Errors carry Go's texts.
 *
 * <p>Known limit: semver4j holds version numbers as {@code int}, so a number above 2^31-1 (which Go's
 * {@code uint64} would take) is reported as an invalid version.
 */
public final class GoSemver {

    static final String INVALID = "invalid semantic version";
    static final String SEGMENT_STARTS_ZERO = "version segment starts with 0";
    static final String CONSTRAINT_PARSER_ERROR = "constraint parser error";

    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    // Masterminds' looseSemVerRegex, which NewVersion uses while CoerceNewVersion is on (the default).
    private static final Pattern VERSION = Pattern.compile("v?([0-9]+)(\\.[0-9]+)?(\\.[0-9]+)?"
            + "(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?");

    // Masterminds' constraint grammar. Its quantifiers are possessive here so that a long invalid constraint
    // cannot make Java's backtracking engine explode; the language matched is the same as Go's.
    private static final String OPS = ">=|=>|<=|=<|~>|!=|=|>|<|~|\\^|";
    private static final String CV = "v?([0-9|xX*]++)(\\.[0-9|xX*]++)?+(\\.[0-9|xX*]++)?+"
            + "(-([0-9A-Za-z\\-]++(?:\\.[0-9A-Za-z\\-]++)*+))?+(\\+([0-9A-Za-z\\-]++(?:\\.[0-9A-Za-z\\-]++)*+))?+";
    private static final String CV_PLAIN = "v?[0-9|xX*]+(?:\\.[0-9|xX*]+)?(?:\\.[0-9|xX*]+)?"
            + "(?:-[0-9A-Za-z\\-]+(?:\\.[0-9A-Za-z\\-]+)*)?(?:\\+[0-9A-Za-z\\-]+(?:\\.[0-9A-Za-z\\-]+)*)?";
    private static final String S = "[\\t\\n\\f\\r ]"; // the white space RE2 means by \s
    private static final Pattern VALID_SEGMENT = Pattern.compile(S + "*+(?:" + OPS + ")" + S + "*+" + CV + "(?:(?:" + S
            + "*+," + S + "*+|" + S + "++)(?:" + OPS + ")" + S + "*+" + CV + ")*+" + S + "*+");
    private static final Pattern COMPARATOR = Pattern.compile("(" + OPS + ")" + S + "*" + CV);
    private static final Pattern HYPHEN_RANGE =
            Pattern.compile(S + "*(" + CV_PLAIN + ")" + S + "+-" + S + "+(" + CV_PLAIN + ")" + S + "*");

    /** One comparison of a constraint; a null number part was {@code x}, {@code *} or missing ("dirty"). */
    private record Comparator(String op, Semver version, boolean dirty, boolean minorDirty, boolean patchDirty) {}

    /**
     * How many version and constraint texts {@link #VERSIONS} and {@link #CONSTRAINTS} keep each; emptied when full.
     */
    private static final int KEPT = 1024;

    /**
     * What {@link #newVersion} made of each text lately: the version, or the text of the error it threw. Parsing is a
     * pure function of the text and semver4j's versions are immutable, so an entry never goes stale; one Shoot create
     * parses the same few versions (its own, its workers', the CloudProfile's) in many checks, each parse a regular
     * expression, big integers and semver4j's own parse.
     */
    private static final Map<String, Object> VERSIONS = new ConcurrentHashMap<>();

    /** What {@link #newConstraint} made of each text lately: the comparators (unmodifiable), or the error text. */
    private static final Map<String, Object> CONSTRAINTS = new ConcurrentHashMap<>();

    /** The {@code >= major.minor-0} floors of {@link #atLeast} and {@link #below}, by {@code major << 32 | minor}. */
    private static final Map<Long, Semver> FLOORS = new ConcurrentHashMap<>();

    private GoSemver() {}

    /** The version, or null when {@code semver.NewVersion} would fail. */
    public static Semver parse(String version) {
        try {
            return newVersion(version);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * {@code semver.NewVersion}.
     *
     * @throws IllegalArgumentException with Masterminds' error text
     */
    static Semver newVersion(String version) {
        String text = version == null ? "" : version;
        Object known = VERSIONS.get(text);
        if (known == null) {
            try {
                known = newVersionUncached(text);
            } catch (IllegalArgumentException e) {
                if (e.getMessage() == null) {
                    throw e;
                }
                known = e.getMessage();
            }
            keep(VERSIONS, text, known);
        }
        if (known instanceof Semver parsed) {
            return parsed;
        }
        throw new IllegalArgumentException((String) known);
    }

    private static void keep(Map<String, Object> kept, String text, Object result) {
        if (kept.size() >= KEPT) {
            kept.clear();
        }
        kept.put(text, result);
    }

    /** The number of version and constraint texts whose parse is kept (for tests). */
    static int kept() {
        return Math.max(VERSIONS.size(), CONSTRAINTS.size());
    }

    private static Semver newVersionUncached(String version) {
        Matcher m = VERSION.matcher(version);
        if (!m.matches()) {
            throw new IllegalArgumentException(INVALID);
        }
        long major = segment(m.group(1));
        long minor = m.group(2) == null ? 0 : segment(m.group(2).substring(1));
        long patch = m.group(3) == null ? 0 : segment(m.group(3).substring(1));
        String pre = m.group(5);
        if (pre != null) {
            for (String part : pre.split("\\.", -1)) {
                if (part.length() > 1 && part.charAt(0) == '0' && part.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    throw new IllegalArgumentException(SEGMENT_STARTS_ZERO);
                }
            }
        }
        if (major > Integer.MAX_VALUE || minor > Integer.MAX_VALUE || patch > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(INVALID); // see the class comment
        }
        String canonical = major + "." + minor + "." + patch + (pre == null ? "" : "-" + pre)
                + (m.group(8) == null ? "" : "+" + m.group(8));
        Semver parsed = Semver.parse(canonical);
        if (parsed == null) {
            throw new IllegalArgumentException(INVALID);
        }
        return parsed;
    }

    /** {@code strconv.ParseUint(s, 10, 64)} as {@code NewVersion} reports it. */
    private static long segment(String digits) {
        BigInteger n = new BigInteger(digits);
        if (n.compareTo(UINT64_MAX) > 0) {
            throw new IllegalArgumentException(
                    "error parsing version segment: strconv.ParseUint: parsing \"" + digits + "\": value out of range");
        }
        return n.bitLength() > 63 ? Long.MAX_VALUE : n.longValue();
    }

    /** Masterminds' {@code IncMinor}: minor plus one, patch 0, without pre-release and metadata. */
    static Semver incMinor(Semver v) {
        return Semver.of(v.getMajor(), v.getMinor() + 1, 0);
    }

    /** Gardener's {@code versionutils.Normalize}: without any 'v' and without the suffix from '-', '+' or '~'. */
    static String normalize(String version) {
        String v = version.replace("v", "");
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '-' || c == '+' || c == '~') {
                return v.substring(0, i);
            }
        }
        return v;
    }

    /**
     * {@code versionutils.CompareVersions(v1, op, v2)}: both normalized, then {@code v1} checked against the
     * constraint {@code "<op> <v2>"}.
     *
     * @throws IllegalArgumentException with Masterminds' text when the constraint or {@code v1} does not parse
     */
    public static boolean compareVersions(String v1, String op, String v2) {
        List<List<Comparator>> constraint = newConstraint(op + " " + normalize(v2));
        return check(constraint, newVersion(normalize(v1)));
    }

    /** {@code ConstraintK8sGreaterEqual1xy.CheckVersion(version)}, i.e. {@code >= major.minor-0}; false when no version. */
    static boolean atLeast(String version, int major, int minor) {
        Semver v = parse(version);
        return v != null && v.compareTo(floor(major, minor)) >= 0;
    }

    /** {@code ConstraintK8sLess1xy.CheckVersion(version)}, i.e. {@code < major.minor-0}; false when no version. */
    static boolean below(String version, int major, int minor) {
        Semver v = parse(version);
        return v != null && v.compareTo(floor(major, minor)) < 0;
    }

    /** {@code major.minor.0-0}. */
    private static Semver floor(int major, int minor) {
        if (FLOORS.size() >= KEPT) {
            FLOORS.clear();
        }
        return FLOORS.computeIfAbsent(
                ((long) major << 32) | (minor & 0xFFFFFFFFL), k -> Semver.parse(major + "." + minor + ".0-0"));
    }

    /** Null when {@code semver.NewConstraint} accepts the constraint, else its error text. */
    static String constraintError(String constraint) {
        try {
            newConstraint(constraint);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** {@code semver.NewConstraint}: hyphen ranges rewritten, then OR groups of AND-ed comparators. */
    /**
     * Whether {@code version} satisfies the constraint, as {@code semver.NewConstraint(c).Check(v)}.
     *
     * @throws IllegalArgumentException when the constraint does not parse
     */
    public static boolean satisfies(String constraint, Semver version) {
        return check(newConstraint(constraint), version);
    }

    @SuppressWarnings("unchecked") // only comparator lists and error texts are kept
    private static List<List<Comparator>> newConstraint(String constraint) {
        Object known = CONSTRAINTS.get(constraint);
        if (known == null) {
            try {
                known = newConstraintUncached(constraint);
            } catch (IllegalArgumentException e) {
                if (e.getMessage() == null) {
                    throw e;
                }
                known = e.getMessage();
            }
            keep(CONSTRAINTS, constraint, known);
        }
        if (known instanceof List<?> ors) {
            return (List<List<Comparator>>) ors;
        }
        throw new IllegalArgumentException((String) known);
    }

    private static List<List<Comparator>> newConstraintUncached(String constraint) {
        List<List<Comparator>> ors = new ArrayList<>();
        for (String segment : rewriteRange(constraint).split("\\|\\|", -1)) {
            if (!VALID_SEGMENT.matcher(segment).matches()) {
                throw new IllegalArgumentException("improper constraint: " + goQuote(segment));
            }
            List<Comparator> and = new ArrayList<>();
            Matcher m = COMPARATOR.matcher(segment);
            while (m.find()) {
                and.add(comparator(m));
            }
            ors.add(List.copyOf(and));
        }
        return List.copyOf(ors);
    }

    private static String rewriteRange(String constraint) {
        Matcher m = HYPHEN_RANGE.matcher(constraint);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(">= " + m.group(1) + ", <= " + m.group(2) + " "));
        }
        return m.appendTail(out).toString();
    }

    /** {@code parseConstraint}: the comparison version with its x/missing parts as 0, and what was dirty. */
    private static Comparator comparator(Matcher m) {
        String major = m.group(2);
        String minor = m.group(3) == null ? null : m.group(3).substring(1);
        String patch = m.group(4) == null ? null : m.group(4).substring(1);
        String suffix = (m.group(5) == null ? "" : m.group(5)) + (m.group(7) == null ? "" : m.group(7));
        String version;
        boolean minorDirty = false;
        boolean patchDirty = false;
        boolean dirty = true;
        if (isX(major)) {
            version = "0.0.0" + suffix;
        } else if (minor == null || isX(minor)) {
            minorDirty = true;
            version = major + ".0.0" + suffix;
        } else if (patch == null || isX(patch)) {
            patchDirty = true;
            version = major + "." + minor + ".0" + suffix;
        } else {
            dirty = false;
            version = major + "." + minor + "." + patch + suffix;
        }
        Semver v = parse(version);
        if (v == null) {
            throw new IllegalArgumentException(CONSTRAINT_PARSER_ERROR);
        }
        return new Comparator(m.group(1), v, dirty, minorDirty, patchDirty);
    }

    private static boolean isX(String part) {
        return part.equals("x") || part.equals("X") || part.equals("*");
    }

    /** {@code Constraints.Check}: some OR group whose comparators all hold. */
    private static boolean check(List<List<Comparator>> ors, Semver v) {
        for (List<Comparator> and : ors) {
            // a pre-release version only matches a group that names a pre-release itself
            boolean includePre =
                    and.stream().anyMatch(c -> !c.version().getPreRelease().isEmpty());
            if (!v.getPreRelease().isEmpty() && !includePre) {
                continue;
            }
            if (and.stream().allMatch(c -> holds(c, v))) {
                return true;
            }
        }
        return false;
    }

    /** One comparison with Masterminds' rules for x/missing parts ({@code >1.2} means from 1.3 on). */
    private static boolean holds(Comparator c, Semver v) {
        Semver con = c.version();
        int cmp = v.compareTo(con);
        return switch (c.op()) {
            case "<" -> cmp < 0;
            case ">=", "=>" -> cmp >= 0;
            case ">" ->
                !c.dirty()
                        ? cmp > 0
                        : v.getMajor() != con.getMajor()
                                ? v.getMajor() > con.getMajor()
                                : c.minorDirty() ? false : c.patchDirty() ? v.getMinor() > con.getMinor() : cmp > 0;
            case "<=", "=<" ->
                !c.dirty()
                        ? cmp <= 0
                        : v.getMajor() <= con.getMajor()
                                && !(v.getMajor() == con.getMajor()
                                        && v.getMinor() > con.getMinor()
                                        && !c.minorDirty());
            case "", "=" -> c.dirty() ? tilde(c, v) : cmp == 0;
            case "!=" -> c.dirty() ? !tilde(c, v) : cmp != 0;
            case "~", "~>" -> tilde(c, v);
            default -> caret(c, v);
        };
    }

    private static boolean tilde(Comparator c, Semver v) {
        Semver con = c.version();
        if (v.compareTo(con) < 0) {
            return false;
        }
        if (con.getMajor() == 0 && con.getMinor() == 0 && con.getPatch() == 0 && !c.minorDirty() && !c.patchDirty()) {
            return true;
        }
        return v.getMajor() == con.getMajor() && (c.minorDirty() || v.getMinor() == con.getMinor());
    }

    private static boolean caret(Comparator c, Semver v) {
        Semver con = c.version();
        if (v.compareTo(con) < 0) {
            return false;
        }
        if (con.getMajor() > 0 || c.minorDirty()) {
            return v.getMajor() == con.getMajor();
        }
        if (v.getMajor() > 0) {
            return false;
        }
        if (con.getMinor() > 0 || c.patchDirty()) {
            return v.getMinor() == con.getMinor();
        }
        return v.getMinor() == 0 && v.getPatch() == con.getPatch();
    }

    /** Go's {@code %q} for the printable ASCII a constraint is made of; other characters as Go escapes them. */
    private static String goQuote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        out.append(String.format("\\x%02x", cp));
                    } else if (Character.isISOControl(cp) || !Character.isDefined(cp)) {
                        out.append(cp > 0xffff ? String.format("\\U%08x", cp) : String.format("\\u%04x", cp));
                    } else {
                        out.appendCodePoint(cp);
                    }
                }
            }
        });
        return out.append('"').toString();
    }
}
