package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.core.NamespaceController;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.TrustOptions;
import java.util.Set;

/**
 * The running server: one HTTPS listener (TLS 1.2+, HTTP/2 through ALPN and HTTP/1.1) in front of the
 * handler chain. Client certificates are requested but not required; they are verified per request by
 * the authenticators, as k8s.io/apiserver does, so that one listener serves users with and without them.
 */
public final class ApiServer {

    private final Vertx vertx;
    private final HttpServer http;
    private final NamespaceController namespaces;
    private final AuthenticationSources authenticationSources;

    private ApiServer(Vertx vertx, HttpServer http, NamespaceController namespaces,
            AuthenticationSources authenticationSources) {
        this.vertx = vertx;
        this.http = http;
        this.namespaces = namespaces;
        this.authenticationSources = authenticationSources;
    }

    public static Future<ApiServer> start(Vertx vertx, ServerConfig config) {
        return AuthenticationSources.start(vertx, config).compose(sources -> {
            Future<ApiServer> started = start(vertx, config, sources);
            return started.onFailure(error -> sources.stop());
        });
    }

    private static Future<ApiServer> start(Vertx vertx, ServerConfig config, AuthenticationSources sources) {
        ResourceRegistry resources = ResourceRegistry.standard(config.serveCoreV1());
        Holder<Registry> registryRef = new Holder<>();
        AdmissionChain admission = AdmissionPlugins.chain(config, name -> registryRef.value.namespace(name));
        Registry registry = new Registry(resources, config.storage(), config.etcdPrefix(), admission);
        registryRef.value = registry;
        HandlerChain chain = new HandlerChain(vertx, config, resources, registry, sources);
        HttpServerOptions options = new HttpServerOptions()
                .setHost(config.bindAddress())
                .setPort(config.port())
                .setSsl(true)
                .setUseAlpn(true)
                .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
                .setKeyCertOptions(new PemKeyCertOptions()
                        .addCertValue(Buffer.buffer(config.servingCertChainPem()))
                        .addKeyValue(Buffer.buffer(config.servingKeyPem())))
                .setClientAuth(ClientAuth.REQUEST)
                .setTrustOptions(TrustOptions.wrap(new AcceptingTrustManager(sources::acceptedIssuers)))
                .setCompressionSupported(true)
                .setDecompressionSupported(true)
                .setMaxFormAttributeSize(-1);
        NamespaceController controller = config.serveCoreV1() ? new NamespaceController(vertx, registry) : null;
        return vertx.createHttpServer(options)
                .requestHandler(chain.router())
                .listen()
                .map(server -> {
                    if (controller != null) {
                        controller.start();
                    }
                    return new ApiServer(vertx, server, controller, sources);
                });
    }

    /** The port the server listens on (useful with port 0). */
    public int port() {
        return http.actualPort();
    }

    public Vertx vertx() {
        return vertx;
    }

    public Future<Void> close() {
        if (namespaces != null) {
            namespaces.stop();
        }
        authenticationSources.stop();
        return http.close();
    }

    private static final class Holder<T> {
        T value;
    }
}
