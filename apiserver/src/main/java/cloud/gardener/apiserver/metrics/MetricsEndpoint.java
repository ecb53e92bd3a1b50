package cloud.gardener.apiserver.metrics;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code GET /metrics}: the registry in the format the scraper asks for (Prometheus text by default; OpenMetrics
 * or protobuf when its Accept header says so), as promhttp negotiates. Collecting and writing run on a worker: the
 * JVM collectors query MXBeans. Who may read it is the authorization filter's business.
 */
public final class MetricsEndpoint {

    public static final String PATH = "/metrics";

    private final Vertx vertx;
    private final ServerMetrics metrics;
    private final ExpositionFormats formats = ExpositionFormats.init();

    public MetricsEndpoint(Vertx vertx, ServerMetrics metrics) {
        this.vertx = vertx;
        this.metrics = metrics;
    }

    public void install(Router router) {
        router.get(PATH).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        ExpositionFormatWriter writer = formats.findWriter(ctx.request().getHeader("Accept"));
        vertx.executeBlocking(
                        () -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
                            try {
                                writer.write(out, metrics.registry().scrape());
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                            return Buffer.buffer(out.toByteArray());
                        },
                        false)
                .onComplete(ar -> {
                    if (ar.failed()) {
                        ctx.fail(ar.cause());
                        return;
                    }
                    ctx.response()
                            .putHeader("Content-Type", writer.getContentType())
                            .setStatusCode(200)
                            .end(ar.result())
                            .onFailure(t -> {});
                });
    }
}
