package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per answered request, as k8s.io/apiserver's httplog writes at {@code --vmodule=httplog=3} (or
 * {@code --v=3}): verb, URI, latency, user agent, audit ID, source IP and status. The logger {@code httplog} is off
 * unless those flags turn it on, so without them this filter is not even installed.
 */
public final class AccessLog implements Filter {

    public static final String LOGGER = "httplog";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    /** Whether the flags turned access logs on. */
    public static boolean enabled() {
        return LOG.isInfoEnabled();
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        long start = System.nanoTime();
        // what the line tells of the request is read at its end (or when a watch lets the request go); the
        // response's status and audit ID when it is written
        RequestEnd.of(ctx).add(RequestEnd.readingRequest(ctx, context -> {
            UserInfo user = RequestAttributes.user(context);
            SocketAddress remote = context.request().remoteAddress();
            String method = context.request().method().name();
            String uri = context.request().uri();
            String userAgent = context.request().getHeader("User-Agent");
            String source = remote == null ? "" : remote.hostAddress();
            String userName = user == null ? "" : user.name();
            HttpServerResponse response = context.response();
            return outcome -> LOG.info(
                    "HTTP verb=\"{}\" URI=\"{}\" latency=\"{}ms\" userAgent=\"{}\" audit-ID=\"{}\" srcIP=\"{}\" user=\"{}\" resp={}",
                    method,
                    uri,
                    String.format(Locale.ROOT, "%.3f", (System.nanoTime() - start) / 1e6),
                    userAgent,
                    response.headers().get("Audit-Id"),
                    source,
                    userName,
                    response.getStatusCode());
        }));
        return true;
    }
}
