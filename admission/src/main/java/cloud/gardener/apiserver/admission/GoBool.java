package cloud.gardener.apiserver.admission;

import java.util.Set;

/** Go's {@code strconv.ParseBool}, which flags and annotations that carry booleans are read with. */
public final class GoBool {

    private static final Set<String> TRUE = Set.of("1", "t", "T", "TRUE", "true", "True");
    private static final Set<String> FALSE = Set.of("0", "f", "F", "FALSE", "false", "False");

    private GoBool() {}

    /** The value, or null when Go would answer an error. */
    public static Boolean parse(String s) {
        if (TRUE.contains(s)) {
            return Boolean.TRUE;
        }
        return FALSE.contains(s) ? Boolean.FALSE : null;
    }

    /** True only for Go's true spellings; errors count as false, as Gardener's {@code parsed, _ := ParseBool}. */
    public static boolean isTrue(String s) {
        return s != null && TRUE.contains(s);
    }
}
