package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.endpoints.QueryParameters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * What Go's server does with malformed request targets before kube-apiserver sees them. A path with a broken
 * percent escape fails {@code url.ParseRequestURI}: Go answers {@code 400 Bad Request} in plain text and closes
 * the connection. A broken query is not an error in Go: {@code URL.Query()} drops the pairs it cannot decode and
 * keeps the others, so here too the request goes on with the pairs that decode: {@link QueryParameters} decodes
 * the query once, when a reader first asks for it.
 */
public final class MalformedRequests implements Filter {

    /** Go's text for a request it cannot parse. */
    static final String BAD_REQUEST = "400 Bad Request";

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        String path = ctx.request().path();
        if (path != null && !QueryParameters.validEscapes(path)) {
            if (ctx.request().version() != HttpVersion.HTTP_2) {
                ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
                RequestEnd.of(ctx)
                        .add(done -> ctx.request().connection().close().onFailure(t -> {}));
            }
            ctx.response()
                    .setStatusCode(400)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
                    .end(BAD_REQUEST)
                    .onFailure(t -> {});
            return false;
        }
        return true;
    }
}
