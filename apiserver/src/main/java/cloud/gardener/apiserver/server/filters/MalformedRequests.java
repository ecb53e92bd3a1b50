package cloud.gardener.apiserver.server.filters;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What Go's server does with malformed request targets before kube-apiserver sees them. A path with a broken
 * percent escape fails {@code url.ParseRequestURI}: Go answers {@code 400 Bad Request} in plain text and closes
 * the connection. A broken query is not an error in Go: {@code URL.Query()} drops the pairs it cannot decode and
 * keeps the others, so here too the request goes on with the pairs that decode.
 */
public final class MalformedRequests implements Handler<RoutingContext> {

    /** Go's text for a request it cannot parse. */
    static final String BAD_REQUEST = "400 Bad Request";

    @Override
    public void handle(RoutingContext ctx) {
        String path = ctx.request().path();
        if (path != null && !validEscapes(path)) {
            if (ctx.request().version() != HttpVersion.HTTP_2) {
                ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
                ctx.addEndHandler(done -> ctx.request().connection().close().onFailure(t -> {}));
            }
            ctx.response()
                    .setStatusCode(400)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
                    .end(BAD_REQUEST)
                    .onFailure(t -> {});
            return;
        }
        try {
            ctx.queryParams();
        } catch (HttpException e) {
            // the routing context keeps the (empty) map it began to fill; it gets the pairs Go would keep
            MultiMap kept = ctx.queryParams();
            addDecodablePairs(ctx.request().query(), kept);
        }
        ctx.next();
    }

    /** Whether every {@code %} starts a two-hex-digit escape. */
    static boolean validEscapes(String s) {
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

    /** Go's {@code url.ParseQuery} without its error: pairs split on {@code &}, those that do not decode dropped. */
    static void addDecodablePairs(String query, MultiMap into) {
        if (query == null) {
            return;
        }
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty() || pair.indexOf(';') >= 0) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = unescape(eq < 0 ? pair : pair.substring(0, eq));
            String value = unescape(eq < 0 ? "" : pair.substring(eq + 1));
            if (key != null && value != null) {
                into.add(key, value);
            }
        }
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
