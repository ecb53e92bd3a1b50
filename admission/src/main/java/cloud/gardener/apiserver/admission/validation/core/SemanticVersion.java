package cloud.gardener.apiserver.admission.validation.core;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version as the Masterminds library that Gardener uses reads it: a leading {@code v} and missing
 * minor or patch parts are accepted ({@code 1.30} is 1.30.0); a pre-release sorts before its release.
 */
record SemanticVersion(long major, long minor, long patch, String preRelease) implements Comparable<SemanticVersion> {

    static final String INVALID = "Invalid Semantic Version";

    private static final Pattern SEMVER = Pattern.compile("v?(0|[1-9]\\d*)(?:\\.(0|[1-9]\\d*))?(?:\\.(0|[1-9]\\d*))?"
            + "(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
            + "(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?");

    /** @throws IllegalArgumentException with Masterminds' message when {@code text} is no version */
    static SemanticVersion parse(String text) {
        Matcher m = SEMVER.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException(INVALID);
        }
        try {
            return new SemanticVersion(Long.parseLong(m.group(1)), m.group(2) == null ? 0 : Long.parseLong(m.group(2)),
                    m.group(3) == null ? 0 : Long.parseLong(m.group(3)), m.group(4) == null ? "" : m.group(4));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(INVALID, e);
        }
    }

    /** Gardener's {@code versionutils.Normalize}: without 'v' and without any suffix after '-', '+' or '~'. */
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

    SemanticVersion incMinor() {
        return new SemanticVersion(major, minor + 1, 0, "");
    }

    @Override
    public int compareTo(SemanticVersion o) {
        int c = Long.compare(major, o.major);
        c = c != 0 ? c : Long.compare(minor, o.minor);
        c = c != 0 ? c : Long.compare(patch, o.patch);
        if (c != 0 || preRelease.equals(o.preRelease)) {
            return c;
        }
        if (preRelease.isEmpty()) {
            return 1;
        }
        if (o.preRelease.isEmpty()) {
            return -1;
        }
        return comparePreRelease(preRelease, o.preRelease);
    }

    private static int comparePreRelease(String a, String b) {
        String[] pa = a.split("\\.");
        String[] pb = b.split("\\.");
        for (int i = 0; i < Math.min(pa.length, pb.length); i++) {
            boolean na = pa[i].chars().allMatch(Character::isDigit);
            boolean nb = pb[i].chars().allMatch(Character::isDigit);
            int c = na && nb ? new java.math.BigInteger(pa[i]).compareTo(new java.math.BigInteger(pb[i]))
                    : na ? -1 : nb ? 1 : pa[i].compareTo(pb[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(pa.length, pb.length);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + (preRelease.isEmpty() ? "" : "-" + preRelease);
    }
}
