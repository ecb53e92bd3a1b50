package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestriction;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.seed.Graph;
import cloud.gardener.apiserver.authz.seed.SeedAuthorizer;
import cloud.gardener.apiserver.bootstrap.CoreApi;
import cloud.gardener.apiserver.bootstrap.GardenBootstrap;
import cloud.gardener.apiserver.bootstrap.PostStartHooks;
import cloud.gardener.apiserver.bootstrap.RemoteCoreApi;
import cloud.gardener.apiserver.bootstrap.StoreCoreApi;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.endpoints.webhooks.SeedWebhooks;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.core.NamespaceController;
import cloud.gardener.apiserver.registry.lookup.CachedProjects;
import cloud.gardener.apiserver.registry.lookup.AdmissionCacheScope;
import cloud.gardener.apiserver.registry.lookup.ObjectCache;
import cloud.gardener.apiserver.registry.lookup.RemoteCoreObjects;
import cloud.gardener.apiserver.registry.lookup.StoreDryRun;
import cloud.gardener.apiserver.registry.lookup.StoreLookup;
import cloud.gardener.apiserver.registry.seedgraph.GraphSync;
import cloud.gardener.apiserver.server.filters.AuthorizationFilter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.TrustOptions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

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
    private final Closeables caches;

    private ApiServer(Vertx vertx, HttpServer http, NamespaceController namespaces,
            AuthenticationSources authenticationSources, Closeables caches) {
        this.caches = caches;
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
        ObjectCache cache = new ObjectCache(vertx, config.storage(), config.etcdPrefix() + "/",
                AdmissionCacheScope.roots(resources, config.etcdPrefix()));
        Graph graph = new Graph();
        SeedAuthorizer seedAuthorizer = new SeedAuthorizer(graph);
        Authorizer authorizer = AuthorizationFilter.authorizer(vertx, config, seedAuthorizer,
                new CachedProjects(cache, config.etcdPrefix()));
        Holder<StoreLookup> lookup = new Holder<>();
        ObjectLookup objects = new DeferredLookup(() -> lookup.value);
        KubeApiClient virtualGarden = config.coreKubeconfig() == null ? null
                : new KubeApiClient(vertx, config.coreKubeconfig());
        Holder<Registry> stores = new Holder<>();
        AdmissionChain admission = AdmissionPlugins.chain(config, objects, authorizer, vertx,
                new StoreDryRun(() -> stores.value, virtualGarden));
        Registry registry = new Registry(resources, config.storage(), config.etcdPrefix(), admission,
                config.credentials().shootCredentialsRotationInterval());
        stores.value = registry;
        RemoteCoreObjects remote = virtualGarden == null ? null : new RemoteCoreObjects(vertx, virtualGarden);
        lookup.value = new StoreLookup(vertx, registry, cache, remote);
        GraphSync graphSync = new GraphSync(vertx, registry, graph, remote);
        SeedWebhooks seedWebhooks = new SeedWebhooks(seedAuthorizer, new SeedRestriction(lookup.value));
        PostStartHooks hooks = postStartHooks(vertx, config, registry, virtualGarden);
        HandlerChain chain = new HandlerChain(vertx, config, resources, registry, sources, authorizer, seedWebhooks,
                objects, hooks.checks());
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
        // Admission reads through the cache: fill it before the first request can arrive.
        Closeables caches = new Closeables(cache, remote, graphSync, hooks);
        return cache.start()
                .compose(v -> remote == null ? Future.<Void>succeededFuture() : remote.start())
                .compose(v -> vertx.createHttpServer(options).requestHandler(chain.router()).listen())
                .compose(server -> {
                    if (controller != null) {
                        controller.start();
                    }
                    graphSync.start();
                    return hooks.start().map(v -> new ApiServer(vertx, server, controller, sources, caches));
                })
                .onFailure(t -> caches.close());
    }

    /**
     * Gardener's bootstrap hooks against the core API this server uses: its own store standalone, the virtual
     * garden in cluster mode; none when it has neither.
     */
    private static PostStartHooks postStartHooks(Vertx vertx, ServerConfig config, Registry registry,
            KubeApiClient virtualGarden) {
        CoreApi core = virtualGarden != null ? new RemoteCoreApi(virtualGarden)
                : config.serveCoreV1() ? new StoreCoreApi(registry) : null;
        return new PostStartHooks(vertx, core == null ? List.of()
                : GardenBootstrap.hooks(core, config.clusterIdentity(), virtualGarden == null));
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
        caches.close();
        return http.close();
    }

    /** The plugins are built before the stores they read; they reach the lookup once it exists. */
    private record DeferredLookup(Supplier<ObjectLookup> target) implements ObjectLookup {

        @Override
        public Future<Optional<ObjectNode>> get(GroupResource resource, String namespace, String name) {
            return target.get().get(resource, namespace, name);
        }

        @Override
        public Future<List<ObjectNode>> list(GroupResource resource, String namespace) {
            return target.get().list(resource, namespace);
        }

        @Override
        public Future<List<ObjectNode>> listLive(GroupResource resource, String namespace) {
            return target.get().listLive(resource, namespace);
        }

        @Override
        public boolean ready() {
            return target.get() != null && target.get().ready();
        }
    }

    /** The caches that follow storage and the virtual garden, and the seed graph; stopped with the server. */
    private record Closeables(ObjectCache cache, RemoteCoreObjects remote, GraphSync graphSync,
            PostStartHooks hooks) {

        void close() {
            hooks.stop();
            graphSync.stop();
            cache.close();
            if (remote != null) {
                remote.close();
            }
        }
    }

    private static final class Holder<T> {
        T value;
    }
}
