package cloud.gardener.apiserver.storage.etcd3;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * jetcd 0.8.6 closes the Vertx it was given when the client closes (ClientConnectionManager.close).
 * The server's Vertx outlives any one client, so jetcd gets a view of it whose close does nothing.
 */
final class SharedVertx {

    private SharedVertx() {}

    static Vertx withoutClose(Vertx vertx) {
        // VertxChannelBuilder casts to VertxInternal, so the view must implement it.
        Class<?> type = vertx instanceof VertxInternal ? VertxInternal.class : Vertx.class;
        return (Vertx) Proxy.newProxyInstance(
                SharedVertx.class.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    if (method.getName().equals("close") && method.getParameterCount() == 0) {
                        return Future.succeededFuture();
                    }
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "equals" -> proxy == args[0];
                            case "hashCode" -> System.identityHashCode(proxy);
                            default -> "SharedVertx(" + vertx + ")";
                        };
                    }
                    try {
                        return method.invoke(vertx, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
