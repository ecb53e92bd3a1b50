package cloud.gardener.apiserver.server.filters;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.endpoints.request.RequestInfo;
import io.vertx.ext.web.RoutingContext;

/** What the filters learn about a request, kept on the routing context for later filters and handlers. */
public final class RequestAttributes {

    private static final String INFO = "gardener.requestInfo";
    private static final String USER = "gardener.user";
    private static final String AUTHENTICATED_USER = "gardener.authenticatedUser";
    private static final String TERMINATED = "gardener.terminated";

    private RequestAttributes() {}

    public static RequestInfo info(RoutingContext ctx) {
        return ctx.get(INFO);
    }

    static void setInfo(RoutingContext ctx, RequestInfo info) {
        ctx.put(INFO, info);
    }

    /** Who the request runs as: the authenticated user, or whom they impersonate. */
    public static UserInfo user(RoutingContext ctx) {
        return ctx.get(USER);
    }

    /** Who authentication found, also when the request runs as someone else: audit's {@code user}. */
    public static UserInfo authenticatedUser(RoutingContext ctx) {
        UserInfo authenticated = ctx.get(AUTHENTICATED_USER);
        return authenticated != null ? authenticated : user(ctx);
    }

    /** Whom the request impersonates (audit's {@code impersonatedUser}), or null. */
    public static UserInfo impersonatedUser(RoutingContext ctx) {
        return ctx.get(AUTHENTICATED_USER) != null ? user(ctx) : null;
    }

    /** Runs the request as {@code impersonated}, keeping the authenticated user. */
    static void setImpersonatedUser(RoutingContext ctx, UserInfo impersonated) {
        ctx.put(AUTHENTICATED_USER, user(ctx));
        ctx.put(USER, impersonated);
    }

    static void setUser(RoutingContext ctx, UserInfo user) {
        ctx.put(USER, user);
    }

    /** Whether the server refused or cut the request in self-defense (in-flight limit, deadline). */
    static boolean terminated(RoutingContext ctx) {
        return Boolean.TRUE.equals(ctx.get(TERMINATED));
    }

    static void setTerminated(RoutingContext ctx) {
        ctx.put(TERMINATED, true);
    }
}
