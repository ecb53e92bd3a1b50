package cloud.gardener.apiserver.endpoints;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.endpoints.negotiation.MediaType;
import cloud.gardener.apiserver.openapi.OpenApiDocument;
import cloud.gardener.apiserver.openapi.OpenApiV2;
import cloud.gardener.apiserver.openapi.OpenApiV3;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * {@code /openapi/v2} and {@code /openapi/v3[/apis/<g>/<v>]}: precomputed JSON documents with ETag and
 * 304, and the {@code ?hash=} rules of kube-openapi (a stale hash redirects with 301, a current one
 * makes the response immutable). Protobuf is not served: those Accept types get 406.
 */
public final class OpenApiEndpoints {

    private static final String LAST_MODIFIED = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));

    private final OpenApiV2 v2;
    private final OpenApiV3 v3;

    public OpenApiEndpoints(ResourceRegistry resources) {
        this.v2 = new OpenApiV2(resources);
        this.v3 = new OpenApiV3(resources);
    }

    public void install(Router router) {
        router.get("/openapi/v2").handler(ctx -> serve(ctx, v2.document(), false));
        router.get("/openapi/v3").handler(ctx -> serve(ctx, v3.root(), false));
        router.getWithRegex("/openapi/v3/apis/([^/]+)/([^/]+)").handler(ctx -> versioned(ctx, ctx.pathParam("param0"),
                ctx.pathParam("param1")));
        router.get("/openapi/v3/api/v1").handler(ctx -> versioned(ctx, "", "v1"));
    }

    private void versioned(RoutingContext ctx, String group, String version) {
        Optional<OpenApiDocument> doc = v3.document(group, version);
        if (doc.isEmpty()) {
            Responses.writeText(ctx, 404, "404 page not found\n");
            return;
        }
        String hash = ctx.queryParams().get("hash");
        if (hash != null && !hash.equals(doc.get().hash())) {
            ctx.response().setStatusCode(301).putHeader("Location", ctx.normalizedPath() + "?hash=" + doc.get().hash()).end();
            return;
        }
        serve(ctx, doc.get(), hash != null);
    }

    private static void serve(RoutingContext ctx, OpenApiDocument doc, boolean immutable) {
        if (!acceptsJson(ctx.request().getHeader("Accept"))) {
            ctx.response().setStatusCode(406).end();
            return;
        }
        ctx.response().putHeader("ETag", doc.etag()).putHeader("Vary", "Accept").putHeader("Last-Modified", LAST_MODIFIED);
        if (immutable) {
            ctx.response().putHeader("Cache-Control", "public, immutable").putHeader("Expires",
                    DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusYears(1)));
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
            if (clause.q() > 0 && (essence.equals("application/json") || essence.equals("*/*")
                    || essence.equals("application/*"))) {
                return true;
            }
        }
        return false;
    }
}
