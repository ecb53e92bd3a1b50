package cloud.gardener.apiserver.bootstrap;

import io.vertx.core.Future;
import java.util.function.Supplier;

/**
 * Work done once the server listens, as k8s.io/apiserver's post-start hooks; health checks name it
 * {@code poststarthook/<name>}.
 *
 * @param name   Gardener's hook name, e.g. {@code bootstrap-cluster-identity}
 * @param action one attempt; must be idempotent, a failed attempt is tried again
 */
public record PostStartHook(String name, Supplier<Future<Void>> action) {}
