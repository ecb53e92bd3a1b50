package cloud.gardener.apiserver.endpoints.negotiation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A media type or Accept media range: type, subtype, parameters and (for Accept clauses) the q-value.
 * Type, subtype and parameter names are compared case-insensitively and kept lower-case; parameter
 * values keep their case ({@code as=Table} is case-sensitive in Kubernetes).
 *
 * @param type    e.g. {@code application}, or {@code *}
 * @param subtype e.g. {@code json}, or {@code *}; empty for a bare token such as {@code json}
 * @param params  parameters other than {@code q}, in order of appearance
 * @param q       the quality, 1.0 when absent
 */
public record MediaType(String type, String subtype, Map<String, String> params, double q) {

    private static final String TSPECIALS = "()<>@,;:\\\"/[]?=";

    public MediaType {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** {@code type/subtype} without parameters. */
    public String essence() {
        return subtype.isEmpty() ? type : type + "/" + subtype;
    }

    public String param(String name) {
        return params.get(name.toLowerCase(Locale.ROOT));
    }

    /**
     * Parses a Content-Type value strictly, as Go's {@code mime.ParseMediaType}: a token, optionally
     * {@code /token}, then {@code ;name=value} parameters (token or quoted string); a trailing {@code ;} is
     * tolerated, anything else malformed or a repeated parameter is an error.
     *
     * @throws IllegalArgumentException when malformed
     */
    public static MediaType parse(String value) {
        int semi = value.indexOf(';');
        String base = semi < 0 ? value : value.substring(0, semi);
        String essence = base.toLowerCase(Locale.ROOT).strip();
        String[] typeAndRest = consumeToken(essence);
        if (typeAndRest[0].isEmpty()) {
            throw new IllegalArgumentException("mime: no media type");
        }
        String subtype = "";
        if (!typeAndRest[1].isEmpty()) {
            if (!typeAndRest[1].startsWith("/")) {
                throw new IllegalArgumentException("mime: expected slash after first token");
            }
            String[] sub = consumeToken(typeAndRest[1].substring(1));
            if (sub[0].isEmpty()) {
                throw new IllegalArgumentException("mime: expected token after slash");
            }
            if (!sub[1].isEmpty()) {
                throw new IllegalArgumentException("mime: unexpected content after media subtype");
            }
            subtype = sub[0];
        }
        Map<String, String> params = new LinkedHashMap<>();
        String rest = value.substring(base.length());
        while (!rest.isEmpty()) {
            rest = rest.stripLeading();
            if (rest.isEmpty()) {
                break;
            }
            String[] param = consumeParam(rest);
            if (param == null) {
                if (rest.strip().equals(";")) {
                    break;
                }
                throw new IllegalArgumentException("mime: invalid media parameter");
            }
            if (params.put(param[0], param[1]) != null) {
                throw new IllegalArgumentException("mime: duplicate parameter name");
            }
            rest = param[2];
        }
        return new MediaType(typeAndRest[0], subtype, params, 1.0);
    }

    /**
     * Parses an Accept header the lenient way Kubernetes does (goautoneg): clauses split on {@code ,}, a clause
     * without {@code /} (other than {@code *}) or with two slashes is dropped, parameters without exactly one
     * {@code =} are dropped, an unparsable q counts as 0 (and q=0 clauses are not removed). The clauses are
     * ordered by goautoneg's insertion sort: higher q first, then concrete types before wildcards, otherwise
     * in header order.
     */
    public static List<MediaType> parseAccept(String header) {
        List<MediaType> clauses = new ArrayList<>();
        if (header == null) {
            return clauses;
        }
        for (String part : splitKeepingEmpty(header, ',')) {
            part = trimSpaces(part);
            int semi = part.indexOf(';');
            String range = semi < 0 ? part : part.substring(0, semi);
            String paramText = semi < 0 ? "" : part.substring(semi + 1);
            int slash = range.indexOf('/');
            String type;
            String subtype;
            if (slash < 0) {
                type = trimSpaces(range);
                if (!type.equals("*")) {
                    continue;
                }
                subtype = "*";
            } else {
                type = trimSpaces(range.substring(0, slash));
                String sub = range.substring(slash + 1);
                if (sub.indexOf('/') >= 0) {
                    continue;
                }
                subtype = trimSpaces(sub);
            }
            double q = 1.0;
            Map<String, String> params = new LinkedHashMap<>();
            if (semi >= 0) {
                for (String p : splitKeepingEmpty(paramText, ';')) {
                    int eq = p.indexOf('=');
                    if (eq < 0 || eq == p.length() - 1) {
                        continue;
                    }
                    String name = trimSpaces(p.substring(0, eq)).toLowerCase(Locale.ROOT);
                    String val = p.substring(eq + 1);
                    int eq2 = val.indexOf('=');
                    if (eq2 >= 0) {
                        if (eq2 < val.length() - 1) {
                            continue;
                        }
                        val = val.substring(0, eq2);
                    }
                    if (name.equals("q")) {
                        q = parseQ(val);
                    } else {
                        params.put(name, trimSpaces(val));
                    }
                }
            }
            clauses.add(new MediaType(type.toLowerCase(Locale.ROOT), subtype.toLowerCase(Locale.ROOT), params, q));
        }
        // goautoneg sorts with an inconsistent "less" via Go's insertion sort (n <= 12); replay it exactly
        for (int i = 1; i < clauses.size(); i++) {
            for (int j = i; j > 0 && less(clauses.get(j), clauses.get(j - 1)); j--) {
                Collections.swap(clauses, j, j - 1);
            }
        }
        return clauses;
    }

    private static boolean less(MediaType a, MediaType b) {
        if (a.q > b.q) {
            return true;
        }
        if (!a.type.equals("*") && b.type.equals("*")) {
            return true;
        }
        return !a.subtype.equals("*") && b.subtype.equals("*");
    }

    /** Go's {@code strconv.ParseFloat(s, 32)} for the usual forms; anything unparsable is 0. */
    private static double parseQ(String s) {
        if (s.isEmpty() || !s.strip().equals(s) || "fFdD".indexOf(s.charAt(s.length() - 1)) >= 0) {
            return 0;
        }
        try {
            return Float.parseFloat(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static List<String> splitKeepingEmpty(String s, char sep) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == sep) {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (start < s.length()) {
            out.add(s.substring(start));
        }
        return out;
    }

    /** goautoneg trims only ASCII spaces. */
    private static String trimSpaces(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == ' ') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isTokenChar(char c) {
        return c > 0x20 && c < 0x7f && TSPECIALS.indexOf(c) < 0;
    }

    /** Returns {token, rest}. */
    private static String[] consumeToken(String s) {
        int i = 0;
        while (i < s.length() && isTokenChar(s.charAt(i))) {
            i++;
        }
        return new String[] {s.substring(0, i), s.substring(i)};
    }

    /** Returns {name, value, rest} or null when {@code s} does not start with a well-formed parameter. */
    private static String[] consumeParam(String s) {
        String rest = s.stripLeading();
        if (!rest.startsWith(";")) {
            return null;
        }
        rest = rest.substring(1).stripLeading();
        String[] name = consumeToken(rest);
        if (name[0].isEmpty()) {
            return null;
        }
        rest = name[1].stripLeading();
        if (!rest.startsWith("=")) {
            return null;
        }
        rest = rest.substring(1).stripLeading();
        String[] value = consumeValue(rest);
        if (value == null || (value[0].isEmpty() && value[1].equals(rest))) {
            return null;
        }
        return new String[] {name[0].toLowerCase(Locale.ROOT), value[0], value[1]};
    }

    private static String[] consumeValue(String s) {
        if (s.isEmpty()) {
            return new String[] {"", s};
        }
        if (s.charAt(0) != '"') {
            return consumeToken(s);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                return new String[] {sb.toString(), s.substring(i + 1)};
            }
            if (c == '\\' && i + 1 < s.length() && TSPECIALS.indexOf(s.charAt(i + 1)) >= 0) {
                sb.append(s.charAt(++i));
            } else if (c == '\r' || c == '\n') {
                return null;
            } else {
                sb.append(c);
            }
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(essence());
        params.forEach((k, v) -> sb.append(';').append(k).append('=').append(v));
        return sb.toString();
    }
}
