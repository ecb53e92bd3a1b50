package cloud.gardener.apiserver.api.selection;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Syntax rules of label keys (qualified names) and label values, with the messages of
 * {@code k8s.io/apimachinery/pkg/util/validation}. An empty list means valid.
 */
public final class LabelSyntax {

    private static final String QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', "
            + "and must start and end with an alphanumeric character";
    private static final Pattern QNAME = Pattern.compile(QNAME_FMT);
    private static final int QNAME_MAX = 63;

    private static final String LABEL_VALUE_FMT = "(" + QNAME_FMT + ")?";
    private static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric "
            + "characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    private static final Pattern LABEL_VALUE = Pattern.compile(LABEL_VALUE_FMT);
    public static final int LABEL_VALUE_MAX = 63;

    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_SUBDOMAIN_FMT = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*";
    private static final String DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
    private static final Pattern DNS1123_SUBDOMAIN = Pattern.compile(DNS1123_SUBDOMAIN_FMT);
    public static final int DNS1123_SUBDOMAIN_MAX = 253;

    private LabelSyntax() {}

    /** {@code IsQualifiedName}: an optional DNS-subdomain prefix and {@code /}, then a name of at most 63 characters. */
    public static List<String> qualifiedNameErrors(String value) {
        List<String> errs = new ArrayList<>();
        String[] parts = value.split("/", -1);
        String name;
        switch (parts.length) {
            case 1 -> name = parts[0];
            case 2 -> {
                String prefix = parts[0];
                name = parts[1];
                if (prefix.isEmpty()) {
                    errs.add("prefix part " + emptyError());
                } else {
                    dns1123SubdomainErrors(prefix).forEach(m -> errs.add("prefix part " + m));
                }
            }
            default -> {
                errs.add("a qualified name " + regexError(QNAME_MSG, QNAME_FMT, "MyName", "my.name", "123-abc")
                        + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
                return errs;
            }
        }
        if (name.isEmpty()) {
            errs.add("name part " + emptyError());
        } else if (name.length() > QNAME_MAX) {
            errs.add("name part " + maxLenError(QNAME_MAX));
        }
        if (!QNAME.matcher(name).matches()) {
            errs.add("name part " + regexError(QNAME_MSG, QNAME_FMT, "MyName", "my.name", "123-abc"));
        }
        return errs;
    }

    /** {@code IsValidLabelValue}: empty, or a qualified-name-like string of at most 63 characters. */
    public static List<String> labelValueErrors(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > LABEL_VALUE_MAX) {
            errs.add(maxLenError(LABEL_VALUE_MAX));
        }
        if (!LABEL_VALUE.matcher(value).matches()) {
            errs.add(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, "MyValue", "my_value", "12345"));
        }
        return errs;
    }

    /** {@code IsDNS1123Subdomain}. */
    public static List<String> dns1123SubdomainErrors(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > DNS1123_SUBDOMAIN_MAX) {
            errs.add(maxLenError(DNS1123_SUBDOMAIN_MAX));
        }
        if (!DNS1123_SUBDOMAIN.matcher(value).matches()) {
            errs.add(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"));
        }
        return errs;
    }

    private static String emptyError() {
        return "must be non-empty";
    }

    private static String maxLenError(int length) {
        return "must be no more than " + length + " characters";
    }

    /** Go's RegexError, including its doubled space between examples ({@code 'a',  or 'b'}). */
    private static String regexError(String msg, String fmt, String... examples) {
        StringBuilder sb = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                sb.append(" or ");
            }
            sb.append('\'').append(examples[i]).append("', ");
        }
        return sb.append("regex used for validation is '")
                .append(fmt)
                .append("')")
                .toString();
    }
}
