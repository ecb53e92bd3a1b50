package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.endpoints.negotiation.MediaType;
import cloud.gardener.apiserver.endpoints.openapi.OpenApiV2Protobuf;
import cloud.gardener.apiserver.openapi.OpenApiDocument;
import cloud.gardener.apiserver.openapi.OpenApiV2;
import cloud.gardener.apiserver.openapi.OpenApiV3;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * {@code /openapi/v2} and {@code /openapi/v3[/apis/<g>/<v>]}: precomputed JSON documents with ETag and
 * 304, and the {@code ?hash=} rules of kube-openapi (a stale hash redirects with 301, a current one
 * makes the response immutable). {@code /openapi/v2} is also served as gnostic protobuf (kubectl asks for it);
 * v3 protobuf is not served: that Accept type gets 406.
 */
public final class OpenApiEndpoints {

    private final OpenApiV2 v2;
    private final OpenApiV3 v3;
    private final byte[] v2Protobuf;
    /** When the documents were built: the server's start. */
    private final String lastModified = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));

    public OpenApiEndpoints(ResourceRegistry resources) {
        this.v2 = new OpenApiV2(resources);
        this.v3 = new OpenApiV3(resources);
        try {
            // Encoded here, not on an event loop: the document is a few hundred KiB.
            this.v2Protobuf =
                    OpenApiV2Protobuf.encode(Json.MAPPER.readTree(v2.document().json()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void install(Router router) {
        // HEAD answers GET's head without the body (Vert.x leaves it out), as Go's http.ServeContent does
        router.route("/openapi/v2")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(this::serveV2);
        router.route("/openapi/v3")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(ctx -> serve(ctx, v3.root(), false));
        router.routeWithRegex("/openapi/v3/apis/([^/]+)/([^/]+)")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(ctx -> versioned(ctx, ctx.pathParam("param0"), ctx.pathParam("param1")));
        router.route("/openapi/v3/api/v1")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .handler(ctx -> versioned(ctx, "", "v1"));
    }

    private void serveV2(RoutingContext ctx) {
        OpenApiDocument doc = v2.document();
        if (!prefersV2Protobuf(ctx.request().getHeader("Accept"))) {
            serve(ctx, doc, false);
            return;
        }
        ctx.response()
                .putHeader("ETag", doc.etag())
                .putHeader("Vary", "Accept")
                .putHeader("Last-Modified", lastModified);
        if (doc.etag().equals(ctx.request().getHeader("If-None-Match"))) {
            ctx.response().setStatusCode(304).end();
            return;
        }
        Responses.write(ctx, 200, OpenApiV2Protobuf.CONTENT_TYPE, v2Protobuf);
    }

    /** Whether the best Accept clause that either encoding satisfies is the protobuf one. */
    private static boolean prefersV2Protobuf(String accept) {
        if (accept == null || accept.isBlank()) {
            return false;
        }
        for (MediaType clause : MediaType.parseAccept(accept)) {
            if (clause.q() <= 0) {
                continue;
            }
            if (OpenApiV2Protobuf.isProtobufMediaType(clause.essence())) {
                return true;
            }
            String essence = clause.essence();
            if (essence.equals("application/json") || essence.equals("*/*") || essence.equals("application/*")) {
                return false;
            }
        }
        return false;
    }

    private void versioned(RoutingContext ctx, String group, String version) {
        Optional<OpenApiDocument> doc = v3.document(group, version);
        if (doc.isEmpty()) {
            Responses.writeText(ctx, 404, "404 page not found\n");
            return;
        }
        String hash = Multimaps.queryParam(ctx, "hash");
        if (hash != null && !hash.equals(doc.get().hash())) {
            ctx.response()
                    .setStatusCode(301)
                    .putHeader(
                            "Location",
                            ctx.normalizedPath() + "?hash=" + doc.get().hash())
                    .end();
            return;
        }
        serve(ctx, doc.get(), hash != null);
    }

    private void serve(RoutingContext ctx, OpenApiDocument doc, boolean immutable) {
        if (!acceptsJson(ctx.request().getHeader("Accept"))) {
            ctx.response().setStatusCode(406).end();
            return;
        }
        ctx.response()
                .putHeader("ETag", doc.etag())
                .putHeader("Vary", "Accept")
                .putHeader("Last-Modified", lastModified);
        if (immutable) {
            ctx.response()
                    .putHeader("Cache-Control", "public, immutable")
                    .putHeader(
                            "Expires",
                            DateTimeFormatter.RFC_1123_DATE_TIME.format(
                                    ZonedDateTime.now(ZoneOffset.UTC).plusYears(1)));
        }
        if (doc.etag().equals(ctx.request().getHeader("If-None-Match"))) {
            ctx.response().setStatusCode(304).end();
            return;
        }
        Responses.write(ctx, 200, Responses.JSON, doc.json());
    }

    private static boolean acceptsJson(String accept) {
        if (accept == null || accept.isBlank()) {
            return true;
        }
        for (MediaType clause : MediaType.parseAccept(accept)) {
            String essence = clause.essence();
            if (clause.q() > 0
                    && (essence.equals("application/json")
                            || essence.equals("*/*")
                            || essence.equals("application/*"))) {
                return true;
            }
        }
        return false;
    }
}
