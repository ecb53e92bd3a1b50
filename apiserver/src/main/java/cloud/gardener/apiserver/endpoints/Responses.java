package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.audit.RequestAudit;
import cloud.gardener.apiserver.endpoints.negotiation.Encoding;
import cloud.gardener.apiserver.endpoints.negotiation.OutputNegotiator;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.request.Warnings;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.internal.buffer.BufferInternal;
import io.vertx.ext.web.RoutingContext;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes responses: every error becomes a {@link Status} here, and nowhere else. */
public final class Responses {

    private static final Logger LOG = LoggerFactory.getLogger(Responses.class);
    public static final String JSON = "application/json";
    public static final String YAML = "application/yaml";
    private static final String WARNINGS = "gardener.warnings";

    /**
     * The names of every answer's headers as HTTP/1.x sends them. Names and fixed values are {@link AsciiString}s:
     * Netty validates, hashes (HPACK, header maps) and writes those from their bytes with the hash kept, where a
     * {@code String} is read char by char for each, per header of every answer.
     */
    private static final HeaderNames HTTP1_NAMES = new HeaderNames(
            AsciiString.cached("Content-Type"),
            AsciiString.cached("X-Content-Type-Options"),
            AsciiString.cached("Content-Length"));

    /**
     * The same names as HTTP/2 sends them: already lower case, so Vert.x does not copy each name to lower it, per
     * header of every answer (HTTP/1.x keeps the case given, so its names stay as they were).
     */
    private static final HeaderNames HTTP2_NAMES = new HeaderNames(
            AsciiString.cached("content-type"),
            AsciiString.cached("x-content-type-options"),
            AsciiString.cached("content-length"));

    private static final AsciiString JSON_VALUE = AsciiString.cached(JSON);
    private static final AsciiString NOSNIFF = AsciiString.cached("nosniff");

    private record HeaderNames(CharSequence contentType, CharSequence contentTypeOptions, CharSequence contentLength) {
        static HeaderNames of(RoutingContext ctx) {
            return ctx.request().version() == HttpVersion.HTTP_2 ? HTTP2_NAMES : HTTP1_NAMES;
        }
    }

    private Responses() {}

    /** Answers with the Status of {@code failure}; anything that is not an ApiException is a 500. */
    public static void fail(RoutingContext ctx, Throwable failure) {
        HttpServerResponse resp = ctx.response();
        if (resp.ended() || resp.closed()) {
            return;
        }
        if (resp.headWritten()) {
            // A stream already started: all we can do is end it.
            resp.reset();
            return;
        }
        ApiException e = toApiException(failure);
        if (e.code() >= 500) {
            LOG.warn(
                    "{} {} failed: {}",
                    ctx.request().method(),
                    ctx.request().path(),
                    e.getMessage(),
                    failure instanceof ApiException ? null : failure);
        }
        Integer retry =
                e.status().details() == null ? null : e.status().details().retryAfterSeconds();
        if (retry != null && retry > 0 && (e.code() == 429 || e.code() >= 500)) {
            resp.putHeader("Retry-After", Integer.toString(retry));
        }
        RequestAudit.logResponseStatus(ctx, e.status());
        // ErrorNegotiated: a client that accepts protobuf first gets the Status in protobuf
        if (OutputNegotiator.forError(ctx.request().getHeader("Accept"), false).encoding() == Encoding.PROTOBUF) {
            write(ctx, e.code(), ProtobufCodec.MEDIA_TYPE, ProtobufCodec.encode(Json.MAPPER.valueToTree(e.status())));
            return;
        }
        writeJson(ctx, e.code(), e.status(), false);
    }

    public static ApiException toApiException(Throwable failure) {
        if (failure instanceof ApiException e) {
            return e;
        }
        if (failure instanceof UncheckedIOException || failure instanceof JsonProcessingException) {
            // a body no handler parsed itself: Jackson's text names its parser and Java types, so none of it
            return ApiException.badRequest("invalid JSON input");
        }
        if (failure instanceof cloud.gardener.apiserver.api.model.DecodeException) {
            // client data that does not decode, met where no handler expected it (an embedded configuration):
            // what Go's decoders answer, a 400 with the decoder's text
            return ApiException.badRequest(failure.getMessage());
        }
        // a failure nobody turned into a Status is a bug: its detail (a Java class, a stack) goes to the log only
        return ApiException.internal("an error on the server has prevented the request from succeeding");
    }

    /** Writes a value as JSON (indented when {@code pretty}). */
    public static void writeJson(RoutingContext ctx, int code, Object value, boolean pretty) {
        try {
            byte[] bytes = pretty
                    ? Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(value)
                    : Json.MAPPER.writeValueAsBytes(value);
            write(ctx, code, JSON, bytes);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void writeYaml(RoutingContext ctx, int code, Object value) {
        try {
            write(ctx, code, YAML, Json.YAML.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The request's warnings; each becomes a {@code Warning: 299} header of the response. */
    public static Warnings warnings(RoutingContext ctx) {
        Warnings w = ctx.get(WARNINGS);
        if (w == null) {
            w = new Warnings();
            ctx.put(WARNINGS, w);
        }
        return w;
    }

    /** Adds the request's warnings as headers; call before the head is written. */
    public static void writeWarnings(RoutingContext ctx) {
        Warnings w = ctx.get(WARNINGS);
        if (w != null) {
            w.headerValues().forEach(v -> ctx.response().headers().add("Warning", v));
        }
    }

    public static void write(RoutingContext ctx, int code, String contentType, byte[] body) {
        HttpServerResponse resp = ctx.response();
        if (resp.ended() || resp.closed()) {
            return;
        }
        writeWarnings(ctx);
        Buffer buffer = wrap(body);
        RequestAudit.logResponseBody(ctx, buffer);
        HeaderNames names = HeaderNames.of(ctx);
        resp.setStatusCode(code)
                .putHeader(names.contentType(), JSON.equals(contentType) ? JSON_VALUE : contentType)
                .putHeader(names.contentTypeOptions(), NOSNIFF);
        if (HttpMethod.HEAD.equals(ctx.request().method())) {
            // GET's head without the body: Vert.x leaves a HEAD answer's body out over HTTP/1.x but sends it over
            // HTTP/2, where it must not be (RFC 9110 9.3.2)
            resp.putHeader(names.contentLength(), Integer.toString(body.length)).end();
            return;
        }
        resp.end(buffer);
    }

    /**
     * The body as a buffer over the same array ({@code Buffer.buffer(byte[])} copies it): every caller hands over
     * an array it no longer changes, so the answer and its audit event share it.
     */
    static Buffer wrap(byte[] body) {
        return BufferInternal.buffer(Unpooled.wrappedBuffer(body));
    }

    public static void writeText(RoutingContext ctx, int code, String text) {
        write(ctx, code, "text/plain; charset=utf-8", text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
