package cloud.gardener.apiserver.api.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * The string formats of apimachinery's {@code util/validation} ({@code IsDNS1123Label},
 * {@code IsQualifiedName}, ...). Each check returns its problems as Go words them; empty means valid.
 */
public final class NameFormats {

    public static final int DNS1123_LABEL_MAX_LENGTH = 63;
    public static final int DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
    private static final int QUALIFIED_NAME_MAX_LENGTH = 63;
    private static final int LABEL_VALUE_MAX_LENGTH = 63;

    static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case "
            + "alphanumeric characters or '-', and must start and end with an alphanumeric character";
    static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower "
            + "case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character";
    static final String LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of "
            + "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    static final String PERCENT_FMT = "[0-9]+%";
    private static final String PERCENT_MSG =
            "a valid percent string must be a numeric string followed by an " + "ending '%'";

    private NameFormats() {}

    // The formats' regular expressions, matched by hand: every name, label and annotation key of every request is
    // checked (a regex matcher per check was 2 % of a Shoot create). NameFormatsTest holds them to the expressions.

    /** {@value #DNS1123_LABEL_FMT} */
    static boolean isDns1123Label(CharSequence s, int from, int to) {
        if (from >= to || !lowerAlnum(s.charAt(from)) || !lowerAlnum(s.charAt(to - 1))) {
            return false;
        }
        for (int i = from + 1; i < to - 1; i++) {
            char c = s.charAt(i);
            if (!lowerAlnum(c) && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** {@value #DNS1123_SUBDOMAIN_FMT} */
    static boolean isDns1123Subdomain(String s) {
        int from = 0;
        for (int dot = s.indexOf('.'); dot >= 0; dot = s.indexOf('.', from)) {
            if (!isDns1123Label(s, from, dot)) {
                return false;
            }
            from = dot + 1;
        }
        return isDns1123Label(s, from, s.length());
    }

    /** {@value #QUALIFIED_NAME_FMT} */
    static boolean isQualifiedName(String s) {
        int n = s.length();
        if (n == 0 || !alnum(s.charAt(0)) || !alnum(s.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = s.charAt(i);
            if (!alnum(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** {@value #PERCENT_FMT} */
    static boolean isPercent(String s) {
        int n = s.length();
        if (n < 2 || s.charAt(n - 1) != '%') {
            return false;
        }
        for (int i = 0; i < n - 1; i++) {
            if (!digit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean lowerAlnum(char c) {
        return (c >= 'a' && c <= 'z') || digit(c);
    }

    private static boolean alnum(char c) {
        return lowerAlnum(c) || (c >= 'A' && c <= 'Z');
    }

    public static List<String> dns1123Label(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > DNS1123_LABEL_MAX_LENGTH) {
            errs.add(maxLenError(DNS1123_LABEL_MAX_LENGTH));
        }
        if (!isDns1123Label(value, 0, value.length())) {
            // A valid subdomain that is no label can only have failed on its dots.
            errs.add(
                    isDns1123Subdomain(value)
                            ? "must not contain dots"
                            : regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"));
        }
        return errs;
    }

    public static List<String> dns1123Subdomain(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > DNS1123_SUBDOMAIN_MAX_LENGTH) {
            errs.add(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
        }
        if (!isDns1123Subdomain(value)) {
            errs.add(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
        }
        return errs;
    }

    /** A qualified name: an optional DNS subdomain prefix and '/', then a name of at most 63 characters. */
    public static List<String> qualifiedName(String value) {
        List<String> errs = new ArrayList<>();
        String[] parts = value.split("/", -1);
        String name;
        switch (parts.length) {
            case 1 -> name = parts[0];
            case 2 -> {
                String prefix = parts[0];
                name = parts[1];
                if (prefix.isEmpty()) {
                    errs.add("prefix part must be non-empty");
                } else {
                    dns1123Subdomain(prefix).forEach(m -> errs.add("prefix part " + m));
                }
            }
            default -> {
                errs.add("a qualified name "
                        + regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
                        + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
                return errs;
            }
        }
        if (name.isEmpty()) {
            errs.add("name part must be non-empty");
        } else if (name.length() > QUALIFIED_NAME_MAX_LENGTH) {
            errs.add("name part " + maxLenError(QUALIFIED_NAME_MAX_LENGTH));
        }
        if (!isQualifiedName(name)) {
            errs.add("name part " + regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errs;
    }

    public static List<String> labelValue(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > LABEL_VALUE_MAX_LENGTH) {
            errs.add(maxLenError(LABEL_VALUE_MAX_LENGTH));
        }
        if (!(value.isEmpty() || isQualifiedName(value))) {
            errs.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
        }
        return errs;
    }

    /** {@code IsValidPercent}: digits followed by '%'. */
    public static List<String> percent(String value) {
        return isPercent(value) ? List.of() : List.of(regexError(PERCENT_MSG, PERCENT_FMT, "1%", "93%"));
    }

    public static String maxLenError(int length) {
        return "must be no more than " + length + " characters";
    }

    /** Go's {@code RegexError}, including its doubled space before "or". */
    public static String regexError(String msg, String regex, String... examples) {
        if (examples.length == 0) {
            return msg + " (regex used for validation is '" + regex + "')";
        }
        StringBuilder sb = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                sb.append(" or ");
            }
            sb.append('\'').append(examples[i]).append("', ");
        }
        return sb.append("regex used for validation is '")
                .append(regex)
                .append("')")
                .toString();
    }
}
