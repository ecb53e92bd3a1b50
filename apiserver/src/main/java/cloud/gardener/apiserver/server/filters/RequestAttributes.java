package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.ext.web.RoutingContext;

/** What the filters learn about a request, kept on the routing context for later filters and handlers. */
public final class RequestAttributes {

    private static final String INFO = "gardener.requestInfo";
    private static final String USER = "gardener.user";
    private static final String TERMINATED = "gardener.terminated";

    private RequestAttributes() {
    }

    public static RequestInfo info(RoutingContext ctx) {
        return ctx.get(INFO);
    }

    static void setInfo(RoutingContext ctx, RequestInfo info) {
        ctx.put(INFO, info);
    }

    public static UserInfo user(RoutingContext ctx) {
        return ctx.get(USER);
    }

    static void setUser(RoutingContext ctx, UserInfo user) {
        ctx.put(USER, user);
    }

    /** Whether the server refused or cut the request in self-defense (in-flight limit, deadline). */
    static boolean terminated(RoutingContext ctx) {
        return Boolean.TRUE.equals(ctx.get(TERMINATED));
    }

    static void setTerminated(RoutingContext ctx) {
        ctx.put(TERMINATED, Boolean.TRUE);
    }
}
