package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.server.SecureServing;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The GET baseline: a bare Vert.x HTTPS server answering every request with the same JSON bytes, with the API
 * server's TLS (its certificate, protocols and cipher suites, a requested client certificate verified against the
 * same client CA, ALPN with HTTP/2 and its stream limit) and nothing else: no routing, authentication,
 * authorization, storage or encoding. One instance per core, the best a Vert.x server does on this machine.
 *
 * <p>Arguments: certificate file, key file, client CA file, body file. It prints
 * {@code serving on https://127.0.0.1:PORT} once it listens.
 */
public final class BareHttpsServer {

    private BareHttpsServer() {}

    public static void main(String[] args) throws Exception {
        Path cert = Path.of(args[0]);
        Path key = Path.of(args[1]);
        Path clientCa = Path.of(args[2]);
        Buffer body = Buffer.buffer(Files.readAllBytes(Path.of(args[3])));
        int port = freePort();
        SecureServing tls = SecureServing.DEFAULT;
        HttpServerOptions options = new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(port)
                .setSsl(true)
                .setUseAlpn(true)
                .setKeyCertOptions(
                        new PemKeyCertOptions().setCertPath(cert.toString()).setKeyPath(key.toString()))
                .setClientAuth(ClientAuth.REQUEST)
                .setTrustOptions(new PemTrustOptions().addCertPath(clientCa.toString()))
                .setCompressionSupported(true)
                // the API server's engine (TlsEngine), so the ratio compares servers, not TLS engines
                .setSslEngineOptions(tls.engine().options())
                .setEnabledSecureTransportProtocols(tls.protocols())
                .setInitialSettings(new Http2Settings().setMaxConcurrentStreams(tls.http2MaxStreams()));
        tls.engine().suites(tls.cipherSuites()).forEach(options::addEnabledCipherSuite);
        Vertx vertx = Vertx.vertx();
        int instances = Runtime.getRuntime().availableProcessors();
        vertx.deployVerticle(
                        () -> new VerticleBase() {
                            @Override
                            public Future<?> start() {
                                return vertx.createHttpServer(options)
                                        .requestHandler(request -> request.response()
                                                .putHeader("Content-Type", "application/json")
                                                .end(body))
                                        .listen();
                            }
                        },
                        new DeploymentOptions().setInstances(instances))
                .toCompletionStage()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        System.out.println("bare Vert.x server (" + instances + " instances, TLS engine " + tls.engine()
                + ") serving on https://127.0.0.1:" + port);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
