package cloud.gardener.apiserver.api.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The string formats of apimachinery's {@code util/validation} ({@code IsDNS1123Label},
 * {@code IsQualifiedName}, ...). Each check returns its problems as Go words them; empty means valid.
 */
public final class NameFormats {

    public static final int DNS1123_LABEL_MAX_LENGTH = 63;
    public static final int DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
    private static final int QUALIFIED_NAME_MAX_LENGTH = 63;
    private static final int LABEL_VALUE_MAX_LENGTH = 63;

    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case "
            + "alphanumeric characters or '-', and must start and end with an alphanumeric character";
    private static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower "
            + "case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character";
    private static final String LABEL_VALUE_FMT = "(" + QUALIFIED_NAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of "
            + "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    private static final String PERCENT_FMT = "[0-9]+%";
    private static final String PERCENT_MSG =
            "a valid percent string must be a numeric string followed by an " + "ending '%'";

    private static final Pattern DNS1123_LABEL = Pattern.compile(DNS1123_LABEL_FMT);
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(DNS1123_SUBDOMAIN_FMT);
    private static final Pattern QUALIFIED_NAME = Pattern.compile(QUALIFIED_NAME_FMT);
    private static final Pattern LABEL_VALUE = Pattern.compile(LABEL_VALUE_FMT);
    private static final Pattern PERCENT = Pattern.compile(PERCENT_FMT);

    private NameFormats() {}

    public static List<String> dns1123Label(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > DNS1123_LABEL_MAX_LENGTH) {
            errs.add(maxLenError(DNS1123_LABEL_MAX_LENGTH));
        }
        if (!DNS1123_LABEL.matcher(value).matches()) {
            // A valid subdomain that is no label can only have failed on its dots.
            errs.add(
                    DNS1123_SUBDOMAIN.matcher(value).matches()
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
        if (!DNS1123_SUBDOMAIN.matcher(value).matches()) {
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
        if (!QUALIFIED_NAME.matcher(name).matches()) {
            errs.add("name part " + regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errs;
    }

    public static List<String> labelValue(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > LABEL_VALUE_MAX_LENGTH) {
            errs.add(maxLenError(LABEL_VALUE_MAX_LENGTH));
        }
        if (!LABEL_VALUE.matcher(value).matches()) {
            errs.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
        }
        return errs;
    }

    /** {@code IsValidPercent}: digits followed by '%'. */
    public static List<String> percent(String value) {
        return PERCENT.matcher(value).matches()
                ? List.of()
                : List.of(regexError(PERCENT_MSG, PERCENT_FMT, "1%", "93%"));
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
