package cloud.gardener.apiserver.endpoints;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request target's query parameters, decoded once per request ({@link Multimaps#query}) for every reader: request
 * info, the filters, the handlers and the response writer. Names are case-sensitive, as Go's {@code URL.Query()}.
 *
 * <p>A query that decodes is decoded as Vert.x decodes it (Netty's decoder, the same pairs). A broken query is not
 * an error in Go: {@code URL.Query()} drops the pairs it cannot decode and keeps the others, and so does this.
 */
public final class QueryParameters {

    private QueryParameters() {}

    /** The query of {@code uri} (a request target): not to be changed. */
    public static Map<String, List<String>> of(String uri) {
        if (uri.indexOf('?') < 0) {
            return Collections.emptyMap();
        }
        Map<String, List<String>> params;
        try {
            params = new QueryStringDecoder(uri).parameters();
        } catch (IllegalArgumentException e) {
            int question = uri.indexOf('?');
            params = decodablePairs(uri.substring(question + 1));
        }
        return params.isEmpty() ? Collections.emptyMap() : Collections.unmodifiableMap(params);
    }

    /** Go's {@code url.ParseQuery} without its error: pairs split on {@code &}, those that do not decode dropped. */
    static Map<String, List<String>> decodablePairs(String query) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty() || pair.indexOf(';') >= 0) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = unescape(eq < 0 ? pair : pair.substring(0, eq));
            String value = unescape(eq < 0 ? "" : pair.substring(eq + 1));
            if (key != null && value != null) {
                out.computeIfAbsent(key, k -> new ArrayList<>(1)).add(value);
            }
        }
        return out;
    }

    /** Whether every {@code %} starts a two-hex-digit escape. */
    public static boolean validEscapes(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '%') {
                if (i + 2 >= s.length() || hex(s.charAt(i + 1)) < 0 || hex(s.charAt(i + 2)) < 0) {
                    return false;
                }
                i += 2;
            }
        }
        return true;
    }

    /** Go's {@code url.QueryUnescape}; null where it fails. */
    private static String unescape(String s) {
        if (!validEscapes(s)) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '%') {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 3;
            } else if (c == '+') {
                out.write(' ');
                i++;
            } else {
                int end = i;
                while (end < s.length() && s.charAt(end) != '%' && s.charAt(end) != '+') {
                    end++;
                }
                out.writeBytes(s.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
