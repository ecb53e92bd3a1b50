package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code --goaway-chance}, as k8s.io/apiserver's WithProbabilisticGoaway: an HTTP/2 request that is not long-running
 * gets, with that probability, a GOAWAY on its connection once it is answered. The client finishes what is in flight
 * on the connection and opens a new one, which a load balancer may send to another replica, so long-lived clients
 * spread out again after a rolling update. Watches are never the trigger: ending their connection would only make
 * them re-list.
 */
public final class ProbabilisticGoaway implements Filter {

    /** Upstream's bound: above 2% the reconnects cost more than the balance gains. */
    public static final double MAX_CHANCE = 0.02;

    private final double chance;

    public ProbabilisticGoaway(double chance) {
        this.chance = chance;
    }

    /** SecureServingOptions.Validate's message for a chance out of range; null when it is valid. */
    public static String problem(double chance) {
        return chance < 0 || chance > MAX_CHANCE ? "--goaway-chance can not be less than 0 or greater than 0.02" : null;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        if (ctx.request().version() == HttpVersion.HTTP_2
                && ThreadLocalRandom.current().nextDouble() < chance) {
            RequestInfo info = RequestAttributes.info(ctx);
            if (info == null || !info.isLongRunning()) {
                HttpConnection connection = ctx.request().connection();
                // GOAWAY (NO_ERROR, last stream = this one) once the response is out: streams in flight complete, and
                // a request the client raced onto the connection meanwhile is refused unprocessed, which clients
                // retry on a new connection (client-go does)
                RequestEnd.of(ctx).add(done -> connection.goAway(0));
            }
        }
        return true;
    }
}
