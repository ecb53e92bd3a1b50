package cloud.gardener.apiserver.api.validation;

import cloud.gardener.apiserver.api.selection.LabelSyntax;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The string checks of {@code k8s.io/apimachinery/pkg/util/validation} and the name functions of
 * {@code apimachinery/pkg/api/validation}, with their exact messages. An empty list means valid.
 */
public final class NameRules {

    /** {@code ValidateNameFunc}: the problems of a name, or of a generateName prefix. */
    @FunctionalInterface
    public interface NameFunction {
        List<String> validate(String name, boolean prefix);
    }

    public static final int DNS1123_LABEL_MAX = 63;
    private static final String DNS1123_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
    private static final String DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
            + "characters or '-', and must start and end with an alphanumeric character";
    private static final Pattern DNS1123_LABEL = Pattern.compile(DNS1123_LABEL_FMT);
    private static final Pattern DNS1123_SUBDOMAIN =
            Pattern.compile(DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*");

    private static final String CONFIG_MAP_KEY_FMT = "[-._a-zA-Z0-9]+";
    private static final String CONFIG_MAP_KEY_MSG =
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
    private static final Pattern CONFIG_MAP_KEY = Pattern.compile(CONFIG_MAP_KEY_FMT);

    /** {@code NameIsDNSSubdomain}. */
    public static final NameFunction DNS_SUBDOMAIN_NAME =
            (name, prefix) -> dns1123Subdomain(prefix ? maskTrailingDash(name) : name);
    /** {@code NameIsDNSLabel}, also {@code ValidateNamespaceName}. */
    public static final NameFunction DNS_LABEL_NAME =
            (name, prefix) -> dns1123Label(prefix ? maskTrailingDash(name) : name);
    /** {@code ValidateServiceAccountName}. */
    public static final NameFunction SERVICE_ACCOUNT_NAME = DNS_SUBDOMAIN_NAME;

    private NameRules() {
    }

    /** {@code IsDNS1123Label}. */
    public static List<String> dns1123Label(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > DNS1123_LABEL_MAX) {
            errs.add(maxLenError(DNS1123_LABEL_MAX));
        }
        if (!DNS1123_LABEL.matcher(value).matches()) {
            if (DNS1123_SUBDOMAIN.matcher(value).matches()) {
                // a valid subdomain that is no label: the length was checked, so it must be the dots
                errs.add("must not contain dots");
            } else {
                errs.add(regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"));
            }
        }
        return errs;
    }

    /** {@code IsDNS1123Subdomain}. */
    public static List<String> dns1123Subdomain(String value) {
        return LabelSyntax.dns1123SubdomainErrors(value);
    }

    /** {@code IsQualifiedName}. */
    public static List<String> qualifiedName(String value) {
        return LabelSyntax.qualifiedNameErrors(value);
    }

    /** {@code IsValidLabelValue}. */
    public static List<String> labelValue(String value) {
        return LabelSyntax.labelValueErrors(value);
    }

    /** {@code ValidateNamespaceName(name, false)}. */
    public static List<String> namespaceName(String value) {
        return DNS_LABEL_NAME.validate(value, false);
    }

    /** {@code IsConfigMapKey}. */
    public static List<String> configMapKey(String value) {
        List<String> errs = new ArrayList<>();
        if (value.length() > 253) {
            errs.add(maxLenError(253));
        }
        if (!CONFIG_MAP_KEY.matcher(value).matches()) {
            errs.add(regexError(CONFIG_MAP_KEY_MSG, CONFIG_MAP_KEY_FMT, "key.name", "KEY_NAME", "key-name"));
        }
        if (value.equals(".")) {
            errs.add("must not be '.'");
        } else if (value.equals("..")) {
            errs.add("must not be '..'");
        } else if (value.startsWith("..")) {
            errs.add("must not start with '..'");
        }
        return errs;
    }

    /** {@code path.IsValidPathSegmentName}. */
    public static List<String> pathSegmentName(String name) {
        List<String> errs = new ArrayList<>();
        if (name.equals(".") || name.equals("..")) {
            errs.add("may not be '" + name + "'");
            return errs;
        }
        if (name.contains("/")) {
            errs.add("may not contain '/'");
        }
        if (name.contains("%")) {
            errs.add("may not contain '%'");
        }
        return errs;
    }

    public static String maxLenError(int length) {
        return "must be no more than " + length + " characters";
    }

    /** Go's {@code RegexError}, including its doubled space between examples. */
    public static String regexError(String msg, String fmt, String... examples) {
        if (examples.length == 0) {
            return msg + " (regex used for validation is '" + fmt + "')";
        }
        StringBuilder sb = new StringBuilder(msg).append(" (e.g. ");
        for (int i = 0; i < examples.length; i++) {
            if (i > 0) {
                sb.append(" or ");
            }
            sb.append('\'').append(examples[i]).append("', ");
        }
        return sb.append("regex used for validation is '").append(fmt).append("')").toString();
    }

    /** A generateName may end in '-': check it as if the dash were a letter. */
    private static String maskTrailingDash(String name) {
        if (name.length() > 1 && name.endsWith("-")) {
            return name.substring(0, name.length() - 2) + "a";
        }
        return name;
    }
}
