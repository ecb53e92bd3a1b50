package cloud.gardener.apiserver.endpoints;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /healthz}, {@code /livez} and {@code /readyz} with their named checks, {@code ?verbose},
 * {@code ?exclude=} and {@code /<endpoint>/<check>}, as k8s.io/apiserver's healthz package answers.
 */
public final class HealthEndpoints {

    private static final Logger LOG = LoggerFactory.getLogger(HealthEndpoints.class);

    /** A named check; a failed future means unhealthy. */
    public record Check(String name, Supplier<Future<Void>> probe) {}

    private final Map<String, List<Check>> endpoints = new LinkedHashMap<>();

    public HealthEndpoints(List<Check> common, List<Check> readyOnly) {
        this(common, readyOnly, List.of(), List.of());
    }

    /**
     * In kube-apiserver's order: the common checks, the readiness checks, the boot sequence (post-start hooks, also
     * on {@code /healthz} and {@code /livez}), then the last readiness checks ({@code shutdown}).
     */
    public HealthEndpoints(List<Check> common, List<Check> readyOnly, List<Check> bootSequence, List<Check> readyLast) {
        this(common, readyOnly, bootSequence, readyLast, java.time.Duration.ZERO);
    }

    /**
     * With {@code --livez-grace-period}: as upstream's delayedHealthCheck, every {@code /livez} check passes until
     * that long after this moment (the server's start), so a slow boot does not get the process restarted.
     */
    public HealthEndpoints(
            List<Check> common,
            List<Check> readyOnly,
            List<Check> bootSequence,
            List<Check> readyLast,
            java.time.Duration livezGracePeriod) {
        List<Check> live = new ArrayList<>(common);
        live.addAll(bootSequence);
        endpoints.put("healthz", live);
        endpoints.put("livez", delayed(live, livezGracePeriod));
        List<Check> ready = new ArrayList<>(common);
        ready.addAll(readyOnly);
        ready.addAll(bootSequence);
        ready.addAll(readyLast);
        endpoints.put("readyz", ready);
    }

    private static List<Check> delayed(List<Check> checks, java.time.Duration grace) {
        if (grace.isZero() || grace.isNegative()) {
            return checks;
        }
        long checkFrom = System.nanoTime() + grace.toNanos();
        return checks.stream()
                .map(check -> new Check(
                        check.name(),
                        () -> System.nanoTime() - checkFrom < 0
                                ? Future.<Void>succeededFuture()
                                : check.probe().get()))
                .toList();
    }

    public static Check ping() {
        return new Check("ping", Future::succeededFuture);
    }

    /**
     * k8s.io/apiserver's {@code informer-sync} readiness check: fails while any of the caches admission reads
     * through has not completed its first list.
     *
     * @param unsynced the names of the caches not synced yet
     */
    public static Check informerSync(Supplier<List<String>> unsynced) {
        return new Check("informer-sync", () -> {
            List<String> names = unsynced.get();
            return names.isEmpty()
                    ? Future.succeededFuture()
                    : Future.failedFuture(names.size() + " informers not started yet: " + names);
        });
    }

    /** The readiness check {@code shutdown}: fails from the moment the process was asked to stop. */
    public static Check shutdown(java.util.function.BooleanSupplier shuttingDown) {
        return new Check(
                "shutdown",
                () -> shuttingDown.getAsBoolean()
                        ? Future.failedFuture("process is shutting down")
                        : Future.succeededFuture());
    }

    public void install(Router router) {
        endpoints.forEach((endpoint, checks) -> {
            router.get("/" + endpoint).handler(ctx -> all(ctx, endpoint, checks));
            // check names may hold a slash (poststarthook/<name>)
            String prefix = "/" + endpoint + "/";
            router.get(prefix + "*")
                    .handler(ctx -> single(
                            ctx,
                            checks,
                            ctx.normalizedPath().startsWith(prefix)
                                    ? ctx.normalizedPath().substring(prefix.length())
                                    : ""));
        });
    }

    private void single(RoutingContext ctx, List<Check> checks, String name) {
        Check check =
                checks.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
        if (check == null) {
            Responses.writeText(ctx, 404, "404 page not found\n");
            return;
        }
        run(check).onComplete(ar -> {
            if (ar.succeeded()) {
                Responses.writeText(ctx, 200, "ok");
            } else {
                Responses.writeText(
                        ctx, 500, "internal server error: " + ar.cause().getMessage() + "\n");
            }
        });
    }

    private void all(RoutingContext ctx, String endpoint, List<Check> checks) {
        boolean verbose = Multimaps.query(ctx).containsKey("verbose");
        List<String> excluded = new ArrayList<>(Multimaps.queryParams(ctx, "exclude"));
        List<Future<Void>> results = new ArrayList<>();
        for (Check check : checks) {
            results.add(excluded.contains(check.name()) ? Future.succeededFuture() : run(check));
        }
        Future.join(results).onComplete(done -> {
            StringBuilder body = new StringBuilder();
            boolean failed = false;
            for (int i = 0; i < checks.size(); i++) {
                String name = checks.get(i).name();
                if (excluded.remove(name)) {
                    body.append("[+]").append(name).append(" excluded: ok\n");
                } else if (results.get(i).succeeded()) {
                    body.append("[+]").append(name).append(" ok\n");
                } else {
                    failed = true;
                    LOG.warn(
                            "{} check {} failed: {}",
                            endpoint,
                            name,
                            results.get(i).cause().getMessage());
                    body.append("[-]").append(name).append(" failed: reason withheld\n");
                }
            }
            for (String unknown : excluded) {
                body.append("warn: some health checks cannot be excluded: no matches for \"")
                        .append(unknown)
                        .append("\"\n");
            }
            if (failed) {
                Responses.writeText(ctx, 500, body + endpoint + " check failed\n");
            } else if (verbose) {
                Responses.writeText(ctx, 200, body + endpoint + " check passed\n");
            } else {
                Responses.writeText(ctx, 200, "ok");
            }
        });
    }

    private static Future<Void> run(Check check) {
        try {
            return check.probe().get();
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }
}
