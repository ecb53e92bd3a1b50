package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.plugins.seedrestriction.SeedRestriction;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.audit.Auditing;
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
import cloud.gardener.apiserver.metrics.ServerMetrics;
import cloud.gardener.apiserver.metrics.StoredObjectCounts;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.ResourceKeys;
import cloud.gardener.apiserver.registry.StoreReads;
import cloud.gardener.apiserver.registry.core.NamespaceController;
import cloud.gardener.apiserver.registry.events.EventExpiry;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import cloud.gardener.apiserver.registry.events.StoreEventRecorder;
import cloud.gardener.apiserver.registry.gardener.NamespacedCloudProfileController;
import cloud.gardener.apiserver.registry.gardener.ProjectController;
import cloud.gardener.apiserver.registry.gc.GarbageCollector;
import cloud.gardener.apiserver.registry.lookup.AdmissionCacheScope;
import cloud.gardener.apiserver.registry.lookup.CachedProjects;
import cloud.gardener.apiserver.registry.lookup.ObjectCache;
import cloud.gardener.apiserver.registry.lookup.RemoteCoreObjects;
import cloud.gardener.apiserver.registry.lookup.StoreDryRun;
import cloud.gardener.apiserver.registry.lookup.StoreLookup;
import cloud.gardener.apiserver.registry.seedgraph.GraphSync;
import cloud.gardener.apiserver.server.filters.AuthorizationFilter;
import cloud.gardener.apiserver.server.filters.BodyBudget;
import cloud.gardener.apiserver.server.filters.ResponseCompression;
import cloud.gardener.apiserver.storage.StoreReader;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.TrustOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The running server: one HTTPS listener (TLS 1.2+, HTTP/2 through ALPN and HTTP/1.1) in front of the
 * handler chain. Client certificates are requested but not required; they are verified per request by
 * the authenticators, as k8s.io/apiserver does, so that one listener serves users with and without them.
 */
public final class ApiServer {

    private final Vertx vertx;
    private final HttpsListeners http;
    private final NamespaceController namespaces;
    private final Controllers controllers;
    private final AuthenticationSources authenticationSources;
    private final Closeables caches;
    private final ServingState state;
    private final ServerConfig config;
    private final RequestLimits limits;
    private final ServerMetrics metrics;
    private final Registry registry;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private ApiServer(
            Vertx vertx,
            HttpsListeners http,
            NamespaceController namespaces,
            Controllers controllers,
            AuthenticationSources authenticationSources,
            Closeables caches,
            ServingState state,
            ServerConfig config,
            RequestLimits limits,
            ServerMetrics metrics,
            Registry registry) {
        this.metrics = metrics;
        this.registry = registry;
        this.caches = caches;
        this.vertx = vertx;
        this.http = http;
        this.namespaces = namespaces;
        this.controllers = controllers;
        this.authenticationSources = authenticationSources;
        this.state = state;
        this.config = config;
        this.limits = limits;
    }

    public static Future<ApiServer> start(Vertx vertx, ServerConfig config) {
        return start(vertx, config, RequestLimits.DEFAULT);
    }

    public static Future<ApiServer> start(Vertx vertx, ServerConfig config, RequestLimits limits) {
        return start(vertx, config, limits, SecureServing.DEFAULT, Auditing.disabled());
    }

    /**
     * With audit logging: {@code auditing} stays the caller's, who closes it after the server (so the events of the
     * last requests are written).
     */
    public static Future<ApiServer> start(Vertx vertx, ServerConfig config, RequestLimits limits, Auditing auditing) {
        return start(vertx, config, limits, SecureServing.DEFAULT, auditing);
    }

    /** With these TLS and HTTP/2 settings. */
    public static Future<ApiServer> start(
            Vertx vertx, ServerConfig config, RequestLimits limits, SecureServing serving) {
        return start(vertx, config, limits, serving, Auditing.disabled());
    }

    /** Starts listening, then completes once the caches admission reads through are synced. */
    public static Future<ApiServer> start(
            Vertx vertx, ServerConfig config, RequestLimits limits, SecureServing serving, Auditing auditing) {
        return start(vertx, config, limits, serving, auditing, new ServerMetrics(auditing.counters()));
    }

    /**
     * With the metrics {@code /metrics} serves made by the caller, who feeds parts of them from outside (the
     * storage's encryption at rest); {@code metrics} should read {@code auditing}'s counters.
     */
    public static Future<ApiServer> start(
            Vertx vertx,
            ServerConfig config,
            RequestLimits limits,
            SecureServing serving,
            Auditing auditing,
            ServerMetrics metrics) {
        return AuthenticationSources.start(vertx, config).compose(sources -> {
            Future<ApiServer> started = start(vertx, config, limits, serving, sources, auditing, metrics);
            return started.onFailure(error -> sources.stop());
        });
    }

    private static Future<ApiServer> start(
            Vertx vertx,
            ServerConfig config,
            RequestLimits limits,
            SecureServing serving,
            AuthenticationSources sources,
            Auditing auditing,
            ServerMetrics metrics) {
        ResourceRegistry resources = ResourceRegistry.standard(config.cluster().serveCoreV1());
        // Built in the order they depend on each other: the reads of the stored objects, the caches and lookups on
        // them, the admission chain reading through those, and the registry's stores admitting through the chain.
        StoreReads reads = new StoreReads(
                resources,
                config.storage().store(),
                config.storage().prefix(),
                metrics.storage(),
                vertx,
                config.storage().watchCache());
        // the watch caches serve every read of their resources' prefixes; other prefixes go to the store
        StoreReader storeReader = reads.reader(config.storage().store());
        WatchCaches watchCaches = new WatchCaches(reads.cache());
        // admission reads through the watch caches; a resource without one is followed by the object cache itself
        ObjectCache cache = new ObjectCache(
                vertx,
                storeReader,
                AdmissionCacheScope.resources(resources, config.storage().prefix()));
        Graph graph = new Graph();
        SeedAuthorizer seedAuthorizer = new SeedAuthorizer(graph);
        Authorizer authorizer = AuthorizationFilter.authorizer(
                vertx,
                config,
                seedAuthorizer,
                new CachedProjects(
                        cache,
                        reads.of(StandardResources.CORE, "projects")
                                .orElseThrow()
                                .keys()));
        KubeApiClient virtualGarden = config.cluster().coreKubeconfig() == null
                ? null
                : new KubeApiClient(vertx, config.cluster().coreKubeconfig());
        RemoteCoreObjects remote = virtualGarden == null ? null : new RemoteCoreObjects(vertx, virtualGarden);
        StoreLookup objects = new StoreLookup(vertx, reads, cache, remote);
        Registry registry = new Registry(
                reads,
                self -> AdmissionPlugins.chain(
                        config, objects, authorizer, vertx, new StoreDryRun(self, virtualGarden), metrics.admission()),
                config.credentials().shootCredentialsRotationInterval());
        GraphSync graphSync = new GraphSync(vertx, registry, graph, remote);
        SeedWebhooks seedWebhooks = new SeedWebhooks(seedAuthorizer, new SeedRestriction(objects));
        PostStartHooks hooks = postStartHooks(vertx, config, registry, virtualGarden);
        ServingState state = new ServingState(() -> {
            List<String> unsynced = new java.util.ArrayList<>();
            if (!cache.synced()) {
                unsynced.add("objects");
            }
            if (!watchCaches.filled()) {
                unsynced.add("watch-cache");
            }
            if (remote != null) {
                unsynced.addAll(remote.unsynced());
            }
            return unsynced;
        });
        // request heads (before authentication) and bodies (after it) share one memory budget
        BodyBudget bodyBudget = new BodyBudget(limits.bodyBytesInFlight());
        ConnectionTimeouts timeouts = new ConnectionTimeouts(
                vertx, limits.readHeaderTimeout(), limits.idleTimeout(), new RequestHeads(bodyBudget));
        HandlerChain chain = new HandlerChain(
                vertx,
                config,
                limits,
                state,
                resources,
                registry,
                sources,
                authorizer,
                seedWebhooks,
                objects,
                hooks.checks(),
                timeouts,
                bodyBudget,
                metrics,
                auditing);
        HttpServerOptions options = new HttpServerOptions()
                .setHost(config.serving().bindAddress())
                .setPort(config.serving().port())
                .setSsl(true)
                .setUseAlpn(true)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .addCertValue(Buffer.buffer(config.serving().certChainPem()))
                        .addKeyValue(Buffer.buffer(config.serving().keyPem())))
                .setClientAuth(ClientAuth.REQUEST)
                .setTrustOptions(TrustOptions.wrap(new AcceptingTrustManager(sources::acceptedIssuers)))
                // gzip only, as Go; ResponseCompression keeps answers of 128 KiB or less and streams uncompressed
                .setCompressionSupported(true)
                .setCompressors(List.of(StandardCompressionOptions.gzip(ResponseCompression.GZIP_LEVEL, 15, 8)))
                .setDecompressionSupported(true)
                // WebSocket watches: any one offered subprotocol is echoed (WebSocketWatch refuses several), and no
                // compression extension, as Go's golang.org/x/net/websocket
                .setWebSocketSubProtocols(List.of("*"))
                .setPerMessageWebSocketCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false)
                // Go's server gives the TLS handshake the header timeout
                .setSslHandshakeTimeout(limits.readHeaderTimeout().toMillis())
                .setSslHandshakeTimeoutUnit(TimeUnit.MILLISECONDS);
        // by default kube-apiserver's secure suites only: a client offering nothing but CBC suites fails the handshake
        serving.applyTo(options);
        // Go's 1 MiB of request head (after serving's HTTP/2 settings, which it extends)
        RequestHeads.applyTo(options);
        NamespaceController controller =
                config.cluster().serveCoreV1() ? new NamespaceController(vertx, registry) : null;
        EventExpiry expiry = registry.store("", "events")
                .map(events -> new EventExpiry(vertx, events, config.cluster().eventTtl(), java.time.Clock.systemUTC()))
                .orElse(null);
        Controllers controllers = new Controllers(
                config.cluster().projectController()
                        ? new ProjectController(vertx, registry, events(registry, ProjectController.EVENT_SOURCE))
                        : null,
                config.cluster().namespacedCloudProfileController()
                        ? new NamespacedCloudProfileController(
                                vertx, registry, events(registry, NamespacedCloudProfileController.EVENT_SOURCE))
                        : null,
                config.cluster().garbageCollector() ? new GarbageCollector(vertx, registry) : null);
        // As kube-apiserver, listen first and let /readyz say "[-]informer-sync" until the caches admission reads
        // through are filled; admission plugins answer "not yet ready" meanwhile. Start completes once they are and
        // the post-start hooks have made their first attempt.
        Map<String, String> prefixes = new java.util.HashMap<>();
        for (ResourceType type : resources.resources()) {
            prefixes.put(
                    type.groupResource().toString(),
                    ResourceKeys.of(config.storage().prefix(), type).all());
        }
        StoredObjectCounts objectCounts = new StoredObjectCounts(vertx, storeReader, prefixes, metrics.storage());
        ClientCaReloader clientCaReloader =
                serving.clientCaFile() == null ? null : new ClientCaReloader(vertx, sources, serving.clientCaFile());
        ServedTls served = new ServedTls(options.getSslOptions());
        sources.onAcceptedIssuersChanged(served::rebuild);
        ServingCertificateReloader reloader = serving.certFile() == null
                ? null
                : new ServingCertificateReloader(vertx, served, serving.certFile(), serving.keyFile());
        Closeables caches = new Closeables(
                cache, remote, graphSync, hooks, expiry, objectCounts, reloader, clientCaReloader, watchCaches);
        // one listener per event loop, all on the port, sharing the one router and all it holds
        return HttpsListeners.start(
                        vertx,
                        config.serving().eventLoops(),
                        options,
                        new HttpsListeners.Handlers(
                                connection -> {
                                    timeouts.connected(connection);
                                    SlimWriteQueues.slimConnection(connection);
                                    Http2WritabilityResync.install(connection);
                                    Http2FlushBatching.install(connection);
                                },
                                RequestHeads.invalidRequests(),
                                chain.router(),
                                chain.spread()))
                .onSuccess(server -> {
                    served.start(server.any());
                    if (reloader != null) {
                        reloader.start(serving.certReloadInterval());
                    }
                    if (clientCaReloader != null) {
                        clientCaReloader.start(serving.certReloadInterval());
                    }
                })
                .compose(server -> Future.all(cache.start(), watchCaches.start())
                        .compose(v -> remote == null ? Future.<Void>succeededFuture() : remote.start())
                        .compose(v -> {
                            if (controller != null) {
                                controller.start();
                            }
                            if (expiry != null) {
                                expiry.start();
                            }
                            controllers.start();
                            graphSync.start();
                            objectCounts.start();
                            return hooks.start()
                                    .map(done -> new ApiServer(
                                            vertx,
                                            server,
                                            controller,
                                            controllers,
                                            sources,
                                            caches,
                                            state,
                                            config,
                                            limits,
                                            metrics,
                                            registry));
                        })
                        .onFailure(t -> server.close()))
                .onFailure(t -> caches.close());
    }

    /**
     * Gardener's bootstrap hooks against the core API this server uses: its own store standalone, the virtual
     * garden in cluster mode; none when it has neither.
     */
    private static PostStartHooks postStartHooks(
            Vertx vertx, ServerConfig config, Registry registry, KubeApiClient virtualGarden) {
        CoreApi core = virtualGarden != null
                ? new RemoteCoreApi(virtualGarden)
                : config.cluster().serveCoreV1() ? new StoreCoreApi(registry) : null;
        return new PostStartHooks(
                vertx,
                core == null
                        ? List.of()
                        : GardenBootstrap.hooks(core, config.cluster().clusterIdentity(), virtualGarden == null));
    }

    /** The port the server listens on (useful with port 0). */
    public int port() {
        return http.port();
    }

    /**
     * Requests served so far by each event loop (thread name), all listeners together: how evenly the connections
     * were dealt out.
     */
    public Map<String, Long> requestsByEventLoop() {
        return http.requestsByEventLoop();
    }

    public Vertx vertx() {
        return vertx;
    }

    /** The stores the handlers write through, with the server's admission chain: for in-process benchmarks. */
    public Registry registry() {
        return registry;
    }

    /** What {@code /metrics} serves. */
    public ServerMetrics metrics() {
        return metrics;
    }

    /**
     * Graceful shutdown as kube-apiserver's on SIGTERM: {@code /readyz} fails at once (check {@code shutdown}),
     * requests are still served for {@code --shutdown-delay-duration}, then the listener closes, requests in
     * flight finish (up to the request timeout), watches are ended once they have, and everything is closed.
     */
    public Future<Void> shutdown() {
        state.initiateShutdown();
        Promise<Void> delayed = Promise.promise();
        long delayMs = limits.shutdownDelay().toMillis();
        if (delayMs > 0) {
            vertx.setTimer(delayMs, id -> delayed.complete());
        } else {
            delayed.complete();
        }
        return delayed.future()
                .compose(v -> {
                    // connections close once their current request is answered; HTTP/2 ones get a GOAWAY
                    Future<Void> unbound =
                            http.shutdown(config.serving().requestTimeout().toMillis() + 1000);
                    state.inFlight().drained().onComplete(d -> state.inFlight().endLongRunning());
                    return unbound;
                })
                .eventually(this::close);
    }

    /** Whether {@link #shutdown} was called (the readiness check {@code shutdown} fails). */
    public boolean shuttingDown() {
        return state.shuttingDown();
    }

    public Future<Void> close() {
        if (!closed.compareAndSet(false, true)) {
            return Future.succeededFuture();
        }
        if (namespaces != null) {
            namespaces.stop();
        }
        controllers.stop();
        authenticationSources.stop();
        caches.close();
        return http.close();
    }

    /** A standalone controller's events, recorded in this server's own events (none without core/v1). */
    private static EventRecorder events(Registry registry, String controller) {
        return registry.store("", "events")
                .<EventRecorder>map(
                        events -> StoreEventRecorder.forController(events, controller, java.time.Clock.systemUTC()))
                .orElse((regarding, type, reason, action, note) -> Future.succeededFuture(null));
    }

    /** The standalone-only Gardener controllers this server runs (each null when off). */
    private record Controllers(
            ProjectController projects,
            NamespacedCloudProfileController namespacedCloudProfiles,
            GarbageCollector garbageCollector) {

        void start() {
            if (projects != null) {
                projects.start();
            }
            if (namespacedCloudProfiles != null) {
                namespacedCloudProfiles.start();
            }
            if (garbageCollector != null) {
                garbageCollector.start();
            }
        }

        void stop() {
            if (projects != null) {
                projects.stop();
            }
            if (namespacedCloudProfiles != null) {
                namespacedCloudProfiles.stop();
            }
            if (garbageCollector != null) {
                garbageCollector.stop();
            }
        }
    }

    /**
     * The caches that follow storage and the virtual garden, the seed graph and the reloaders of the serving
     * certificate and the client CA; stopped with the server.
     */
    private record Closeables(
            ObjectCache cache,
            RemoteCoreObjects remote,
            GraphSync graphSync,
            PostStartHooks hooks,
            EventExpiry expiry,
            StoredObjectCounts objectCounts,
            ServingCertificateReloader reloader,
            ClientCaReloader clientCaReloader,
            WatchCaches watchCaches) {

        void close() {
            objectCounts.stop();
            if (reloader != null) {
                reloader.stop();
            }
            if (clientCaReloader != null) {
                clientCaReloader.stop();
            }
            if (expiry != null) {
                expiry.stop();
            }
            hooks.stop();
            graphSync.stop();
            cache.close();
            watchCaches.close();
            if (remote != null) {
                remote.close();
            }
        }
    }
}
