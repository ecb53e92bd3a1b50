package cloud.gardener.apiserver.server.filters;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * Which answers are gzipped, as kube-apiserver's {@code SerializeObject} decides (k8s.io/apiserver responsewriters,
 * APIResponseCompression): only an answer longer than 128 KiB, and only for a request whose
 * {@code Accept-Encoding} names {@code gzip}; such an answer also says {@code Vary: Accept-Encoding}. Smaller
 * answers, where compressing costs more than it saves, and streams (watches, whose length is unknown when their head
 * is written) go out as they are. The listener compresses (gzip only, level 1 as upstream); this filter tells it
 * when not to, by the {@code identity} encoding Vert.x removes before the head is sent. Over HTTP/2 that choice is
 * made per stream only from vertx-core 5.0.12 on (see the parent pom); answers without a body (HEAD, 204, 304)
 * carry no encoding on either protocol. {@link RequestPreamble} asks for the decision in the one headers-end handler
 * it adds to every request.
 */
public final class ResponseCompression {

    /** Upstream's {@code defaultGzipThresholdBytes}: longer answers are gzipped. */
    public static final long THRESHOLD_BYTES = 128 * 1024;
    /** Upstream's {@code defaultGzipContentEncodingLevel}: least CPU, compression within 1.1–1.3x of the default. */
    public static final int GZIP_LEVEL = 1;

    private static final String LONG_STREAM = "gardener.compression.longStream";

    private ResponseCompression() {}

    /**
     * Marks an answer streamed without a length that is known to be longer than the threshold (a streamed list):
     * it is gzipped as the same answer written whole would be.
     */
    public static void markLongStream(RoutingContext ctx) {
        ctx.put(LONG_STREAM, "true");
    }

    /**
     * Decides as the answer's head is about to be sent.
     *
     * @param acceptsGzip what {@link #acceptsGzip} said of the request's {@code Accept-Encoding}
     */
    static void decide(RoutingContext ctx, boolean acceptsGzip) {
        decide(ctx.request(), ctx.response(), acceptsGzip, ctx.get(LONG_STREAM) != null);
    }

    private static void decide(
            HttpServerRequest request, HttpServerResponse response, boolean acceptsGzip, boolean longStream) {
        MultiMap headers = response.headers();
        int status = response.getStatusCode();
        if (status < 200 || headers.contains(HttpHeaders.CONTENT_ENCODING)) {
            return;
        }
        boolean http2 = request.version() == HttpVersion.HTTP_2;
        if (status == 204 || status == 304 || HttpMethod.HEAD.equals(request.method())) {
            // No body, so no encoding. Netty's HTTP/1.x compressor passes these answers through untouched (an
            // "identity" would reach the client); Vert.x's HTTP/2 encoder would name gzip for them unless told
            // "identity", which it then removes.
            if (http2) {
                headers.set(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY);
            }
            return;
        }
        if (request.version() == HttpVersion.HTTP_1_0) {
            return; // passed through untouched by Netty's compressor as well
        }
        long length = longStream ? Long.MAX_VALUE : length(headers.get(HttpHeaders.CONTENT_LENGTH));
        if (acceptsGzip && length > THRESHOLD_BYTES) {
            headers.add(HttpHeaders.VARY, "Accept-Encoding");
        } else {
            headers.set(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY);
        }
    }

    /**
     * Upstream's test: one of the comma-separated codings is exactly {@code gzip} (no quality values), spaces around
     * it aside. Scanned in place: Go clients send {@code Accept-Encoding: gzip} with every request.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        int start = 0;
        while (true) {
            int comma = acceptEncoding.indexOf(',', start);
            int end = comma < 0 ? acceptEncoding.length() : comma;
            int from = start;
            while (from < end && acceptEncoding.charAt(from) <= ' ') {
                from++;
            }
            int to = end;
            while (to > from && acceptEncoding.charAt(to - 1) <= ' ') {
                to--;
            }
            if (to - from == 4 && acceptEncoding.startsWith("gzip", from)) {
                return true;
            }
            if (comma < 0) {
                return false;
            }
            start = comma + 1;
        }
    }

    /** The answer's length, or -1 for a stream (no {@code Content-Length}). */
    private static long length(String contentLength) {
        if (contentLength == null) {
            return -1;
        }
        try {
            return Long.parseLong(contentLength.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
