package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.GoQuote;
import java.util.ArrayList;
import java.util.List;

/**
 * Gardener's {@code validateAdvertisedURL}: an {@code https://host[:port]} URL without user information, query or
 * fragment. The URL is split as Go's {@code net/url.Parse} splits it, and a URL Go refuses to parse is reported with
 * Go's error text.
 */
final class AdvertisedUrl {

    private static final String FORM = "; desired format: https://host[:port]";
    private static final String HOST_PUNCTUATION = "-_.~!$&'()*+,;=:[]<>\"";

    private AdvertisedUrl() {}

    /** The parts of a URL this validation looks at. */
    private record Parts(String scheme, String userinfo, String host, String rawQuery) {}

    /** A URL Go's parser refuses, with its error text (without the {@code parse "<url>": } prefix). */
    private static final class ParseError extends Exception {
        ParseError(String message) {
            super(message, null, false, false);
        }
    }

    static List<FieldError> validate(String rawUrl, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        String at = path.toString();
        int hash = rawUrl.indexOf('#');
        String withoutFragment = hash < 0 ? rawUrl : rawUrl.substring(0, hash);
        String fragment = hash < 0 ? "" : rawUrl.substring(hash + 1);
        Parts u;
        String parsing = withoutFragment;
        try {
            u = parse(withoutFragment);
            parsing = rawUrl; // Go reports a bad fragment with the whole URL
            unescape(fragment, false);
        } catch (ParseError e) {
            errs.add(FieldError.required(
                    at, "url must be a valid URL: parse " + GoQuote.quote(parsing) + ": " + e.getMessage() + FORM));
            return errs;
        }
        if (!u.scheme().equals("https")) {
            errs.add(FieldError.invalid(at, u.scheme(), "'https' is the only allowed URL scheme" + FORM));
        }
        if (u.host().isEmpty()) {
            errs.add(FieldError.invalid(at, u.host(), "host must be provided" + FORM));
        }
        if (u.userinfo() != null) {
            errs.add(FieldError.invalid(at, u.userinfo(), "user information is not permitted in the URL" + FORM));
        }
        if (!fragment.isEmpty()) {
            errs.add(FieldError.invalid(at, fragment, "fragments are not permitted in the URL" + FORM));
        }
        if (!u.rawQuery().isEmpty()) {
            errs.add(FieldError.invalid(at, u.rawQuery(), "query parameters are not permitted in the URL" + FORM));
        }
        return errs;
    }

    /** {@code url.parse(rawURL, false)}, reduced to scheme, user information, host and query. */
    private static Parts parse(String raw) throws ParseError {
        for (int i = 0; i < raw.length(); i++) {
            if (raw.charAt(i) < 0x20 || raw.charAt(i) == 0x7f) {
                throw new ParseError("net/url: invalid control character in URL");
            }
        }
        if (raw.equals("*")) {
            return new Parts("", null, "", "");
        }
        String scheme = "";
        String rest = raw;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isLetter(c) && c < 0x80) {
                continue;
            }
            if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
                if (i == 0) {
                    break;
                }
                continue;
            }
            if (c == ':') {
                if (i == 0) {
                    throw new ParseError("missing protocol scheme");
                }
                scheme = raw.substring(0, i).toLowerCase(java.util.Locale.ROOT);
                rest = raw.substring(i + 1);
            }
            break;
        }
        String query = "";
        if (rest.endsWith("?") && rest.indexOf('?') == rest.length() - 1) {
            rest = rest.substring(0, rest.length() - 1);
        } else {
            int q = rest.indexOf('?');
            if (q >= 0) {
                query = rest.substring(q + 1);
                rest = rest.substring(0, q);
            }
        }
        if (!rest.startsWith("/")) {
            if (!scheme.isEmpty()) {
                return new Parts(scheme, null, "", query); // opaque
            }
            int slash = rest.indexOf('/');
            if ((slash < 0 ? rest : rest.substring(0, slash)).contains(":")) {
                throw new ParseError("first path segment in URL cannot contain colon");
            }
        }
        String userinfo = null;
        String host = "";
        if ((!scheme.isEmpty() || !rest.startsWith("///")) && rest.startsWith("//")) {
            String authority = rest.substring(2);
            int slash = authority.indexOf('/');
            if (slash >= 0) {
                rest = authority.substring(slash);
                authority = authority.substring(0, slash);
            } else {
                rest = "";
            }
            int atSign = authority.lastIndexOf('@');
            host = parseHost(atSign < 0 ? authority : authority.substring(atSign + 1));
            if (atSign >= 0) {
                userinfo = authority.substring(0, atSign);
                if (!validUserinfo(userinfo)) {
                    throw new ParseError("net/url: invalid userinfo");
                }
            }
        }
        unescape(rest, false);
        return new Parts(scheme, userinfo, host, query);
    }

    private static String parseHost(String host) throws ParseError {
        if (host.startsWith("[")) {
            int close = host.lastIndexOf(']');
            if (close < 0) {
                throw new ParseError("missing ']' in host");
            }
            String colonPort = host.substring(close + 1);
            if (!validOptionalPort(colonPort)) {
                throw new ParseError("invalid port " + GoQuote.quote(colonPort) + " after host");
            }
        } else {
            int colon = host.lastIndexOf(':');
            if (colon >= 0 && !validOptionalPort(host.substring(colon))) {
                throw new ParseError("invalid port " + GoQuote.quote(host.substring(colon)) + " after host");
            }
        }
        return unescape(host, true);
    }

    private static boolean validOptionalPort(String port) {
        if (port.isEmpty()) {
            return true;
        }
        if (port.charAt(0) != ':') {
            return false;
        }
        return port.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static boolean validUserinfo(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "-._:~!$&'()*+,;=%@".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Go's {@code unescape}: checks the {@code %} escapes (and, for a host, its characters); answers its input. */
    private static String unescape(String s, boolean host) throws ParseError {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length() || !isHex(s.charAt(i + 1)) || !isHex(s.charAt(i + 2))) {
                    String escape = s.substring(i, Math.min(i + 3, s.length()));
                    throw new ParseError("invalid URL escape " + GoQuote.quote(escape));
                }
                if (host && Character.digit(s.charAt(i + 1), 16) < 8 && !s.startsWith("%25", i)) {
                    throw new ParseError("invalid URL escape " + GoQuote.quote(s.substring(i, i + 3)));
                }
                i += 2;
            } else if (host && c < 0x80 && !Character.isLetterOrDigit(c) && HOST_PUNCTUATION.indexOf(c) < 0) {
                throw new ParseError("invalid character " + GoQuote.quote(String.valueOf(c)) + " in host name");
            }
        }
        return s;
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0 && c < 0x80;
    }
}
