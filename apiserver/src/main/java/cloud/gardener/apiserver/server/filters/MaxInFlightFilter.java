package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.Responses;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import cloud.gardener.apiserver.metrics.RequestMetrics;
import cloud.gardener.apiserver.metrics.ServerMetrics;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * k8s.io/apiserver's {@code WithMaxInFlightLimit} ({@code --max-requests-inflight},
 * {@code --max-mutating-requests-inflight}): at most so many read-only (get, list) and so many mutating requests
 * at a time; long-running requests (watch, proxy) are not counted. When the limit is reached the request gets
 * a plain-text 429 with {@code Retry-After: 1}, as upstream's {@code tooManyRequests}, unless its user is in
 * {@code system:masters}, which upstream always serves. A limit of 0 means unlimited.
 */
public final class MaxInFlightFilter implements Filter {

    public static final int DEFAULT_MAX_REQUESTS_INFLIGHT = 400;
    public static final int DEFAULT_MAX_MUTATING_REQUESTS_INFLIGHT = 200;

    /** Go's {@code http.Error} text, with its newline. */
    static final String MESSAGE = "Too many requests, please try again later.\n";

    private static final Set<String> NON_MUTATING_VERBS = Set.of("get", "list", "watch");
    private static final String PRIVILEGED_GROUP = "system:masters";

    private final Slots nonMutating;
    private final Slots mutating;
    private final RequestMetrics metrics;

    public MaxInFlightFilter(int maxRequestsInflight, int maxMutatingRequestsInflight) {
        this(
                maxRequestsInflight,
                maxMutatingRequestsInflight,
                ServerMetrics.unserved().requests());
    }

    /** @param metrics where the slots in use are reported ({@code apiserver_current_inflight_requests}) */
    public MaxInFlightFilter(int maxRequestsInflight, int maxMutatingRequestsInflight, RequestMetrics metrics) {
        this.nonMutating = new Slots(maxRequestsInflight);
        this.mutating = new Slots(maxMutatingRequestsInflight);
        this.metrics = metrics;
    }

    @Override
    public boolean filter(RoutingContext ctx, Rest rest) {
        RequestInfo info = RequestAttributes.info(ctx);
        if (info == null || info.isLongRunning()) {
            return true;
        }
        boolean readOnly = NON_MUTATING_VERBS.contains(info.verb());
        Slots slots = readOnly ? nonMutating : mutating;
        if (slots.tryAcquire()) {
            RequestMetrics.Kind kind = readOnly ? RequestMetrics.Kind.READ_ONLY : RequestMetrics.Kind.MUTATING;
            metrics.inFlight(kind, 1);
            RequestEnd.of(ctx).add(v -> {
                slots.release();
                metrics.inFlight(kind, -1);
            });
            return true;
        } else if (privileged(RequestAttributes.user(ctx))) {
            return true;
        } else {
            RequestAttributes.setTerminated(ctx);
            ctx.response().putHeader("Retry-After", "1");
            ctx.response().putHeader("X-Content-Type-Options", "nosniff");
            Responses.writeText(ctx, 429, MESSAGE);
            return false;
        }
    }

    private static boolean privileged(UserInfo user) {
        return user != null && user.groups().contains(PRIVILEGED_GROUP);
    }

    /** A counter that refuses past its limit without waiting (a Go buffered channel in a select/default). */
    private static final class Slots {
        private final int limit;
        private final AtomicInteger used = new AtomicInteger();

        Slots(int limit) {
            this.limit = limit;
        }

        boolean tryAcquire() {
            if (limit <= 0) {
                return true;
            }
            while (true) {
                int now = used.get();
                if (now >= limit) {
                    return false;
                }
                if (used.compareAndSet(now, now + 1)) {
                    return true;
                }
            }
        }

        void release() {
            if (limit > 0) {
                used.decrementAndGet();
            }
        }
    }
}
