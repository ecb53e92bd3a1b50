package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Handler;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per answered request, as k8s.io/apiserver's httplog writes at {@code --vmodule=httplog=3} (or
 * {@code --v=3}): verb, URI, latency, user agent, audit ID, source IP and status. The logger {@code httplog} is off
 * unless those flags turn it on, so without them this filter is not even installed.
 */
public final class AccessLog implements Handler<RoutingContext> {

    public static final String LOGGER = "httplog";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    /** Whether the flags turned access logs on. */
    public static boolean enabled() {
        return LOG.isInfoEnabled();
    }

    @Override
    public void handle(RoutingContext ctx) {
        long start = System.nanoTime();
        ctx.addEndHandler(done -> {
            UserInfo user = RequestAttributes.user(ctx);
            SocketAddress remote = ctx.request().remoteAddress();
            LOG.info(
                    "HTTP verb=\"{}\" URI=\"{}\" latency=\"{}ms\" userAgent=\"{}\" audit-ID=\"{}\" srcIP=\"{}\" user=\"{}\" resp={}",
                    ctx.request().method().name(),
                    ctx.request().uri(),
                    String.format(java.util.Locale.ROOT, "%.3f", (System.nanoTime() - start) / 1e6),
                    ctx.request().getHeader("User-Agent"),
                    ctx.response().headers().get("Audit-Id"),
                    remote == null ? "" : remote.hostAddress(),
                    user == null ? "" : user.name(),
                    ctx.response().getStatusCode());
        });
        ctx.next();
    }
}
