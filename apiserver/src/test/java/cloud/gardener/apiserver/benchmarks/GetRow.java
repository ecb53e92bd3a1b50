package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GETs/s of one 8 KiB ConfigMap over HTTP/1.1 and HTTP/2, against {@link BareHttpsServer} returning the very
 * bytes the API server returned, with the same TLS, over the same protocol and load.
 */
final class GetRow implements BenchRow, AutoCloseable {

    private static final String NAME = "get-target";
    private static final String PATH = ConfigMaps.collection(ConfigMaps.NAMESPACE) + "/" + NAME;

    private final BenchContext context;
    private final int concurrency;
    private JavaProcess bare;
    private BenchHttpClient bareHttp1;
    private BenchHttpClient bareHttp2;
    /** HTTP/2 clients of their own per server for the GETs with {@code Accept-Encoding: gzip}. */
    private final List<BenchHttpClient> gzipHttp2 = new ArrayList<>();

    GetRow(BenchContext context, int concurrency) {
        this.context = context;
        this.concurrency = concurrency;
    }

    @Override
    public String name() {
        return "get";
    }

    @Override
    public void prepare() throws Exception {
        Buffer body = null;
        for (ApiTarget target : context.targets()) {
            BenchContext.await(target.create(
                    ConfigMaps.collection(ConfigMaps.NAMESPACE), ConfigMaps.create(ConfigMaps.NAMESPACE, NAME)));
            body = BenchContext.await(target.http1().send(HttpMethod.GET, PATH, null, 200));
        }
        Path bodyFile = Files.write(context.dir().resolve("get-body.json"), body.getBytes());
        BenchTls tls = context.tls();
        bare = JavaProcess.start(
                "bare Vert.x server",
                ApiBenchmark.benchJvmOptions(),
                BareHttpsServer.class.getName(),
                List.of(
                        tls.certFile().toString(),
                        tls.keyFile().toString(),
                        tls.clientCaFile().toString(),
                        bodyFile.toString()),
                context.dir().resolve("bare-server.log"),
                Duration.ofSeconds(60));
        Vertx vertx = context.vertx();
        for (ApiTarget target : context.targets()) {
            gzipHttp2.add(new BenchHttpClient(vertx, target.process().port(), HttpVersion.HTTP_2, concurrency, tls));
        }
        bareHttp1 = new BenchHttpClient(vertx, bare.port(), HttpVersion.HTTP_1_1, concurrency, tls);
        bareHttp2 = new BenchHttpClient(vertx, bare.port(), HttpVersion.HTTP_2, concurrency, tls);
    }

    @Override
    public List<Subject> subjects(ClosedLoop load) {
        List<Subject> subjects = new ArrayList<>();
        for (int i = 0; i < context.targets().size(); i++) {
            ApiTarget target = context.targets().get(i);
            subjects.add(get("get." + target.store() + ".http1", target.http1(), load, null));
            subjects.add(get("get." + target.store() + ".http2", target.http2(), load, null));
            // what Go clients send by default: the 8 KiB answer is under the 128 KiB threshold, so not gzipped
            subjects.add(get("get." + target.store() + ".http2.gzip", gzipHttp2.get(i), load, "gzip"));
        }
        subjects.add(get("get.bare.http1", bareHttp1, load, null));
        subjects.add(get("get.bare.http2", bareHttp2, load, null));
        return subjects;
    }

    private static Subject get(String key, BenchHttpClient client, ClosedLoop load, String acceptEncoding) {
        return new Subject(
                key,
                results -> results.record(
                        key, load.run(key, i -> client.send(HttpMethod.GET, PATH, null, 200, acceptEncoding))));
    }

    /** The bare server, so that its CPU per GET can be set beside the API servers'. */
    @Override
    public Map<String, Long> processes() {
        return bare == null ? Map.of() : Map.of("bare server", bare.pid());
    }

    @Override
    public List<Figure> figures() {
        List<Figure> figures = new ArrayList<>();
        for (ApiTarget target : context.targets()) {
            for (String protocol : List.of("http1", "http2")) {
                figures.add(new Figure(
                        "GETs/s of one ConfigMap over " + (protocol.equals("http1") ? "HTTP/1.1" : "HTTP/2") + ", "
                                + target.store() + " ÷ bare Vert.x HTTPS server, same bytes",
                        "get." + target.store() + "." + protocol,
                        "get.bare." + protocol,
                        Figure.Unit.PER_SECOND,
                        "≥ 0.8"));
            }
        }
        figures.addAll(EventLoopScaling.figures(
                context.targets(),
                "GETs/s of one ConfigMap over HTTP/1.1",
                target -> "get." + target.store() + ".http1"));
        // one HTTP/2 connection is served by one event loop whatever their number: shown to say so
        figures.addAll(EventLoopScaling.figures(
                context.targets(),
                "GETs/s of one ConfigMap over HTTP/2 (one connection)",
                target -> "get." + target.store() + ".http2"));
        for (ApiTarget target : context.targets()) {
            figures.add(new Figure(
                    "GETs/s of one ConfigMap over HTTP/2 with Accept-Encoding: gzip ÷ without, " + target.store(),
                    "get." + target.store() + ".http2.gzip",
                    "get." + target.store() + ".http2",
                    Figure.Unit.PER_SECOND,
                    "≈ 1 (not gzipped under 128 KiB)"));
        }
        return figures;
    }

    @Override
    public void close() {
        gzipHttp2.forEach(BenchHttpClient::close);
        if (bareHttp1 != null) {
            bareHttp1.close();
            bareHttp2.close();
        }
        if (bare != null) {
            bare.close();
        }
    }
}
