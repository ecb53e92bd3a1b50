package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.registry.WatchCacheSettings;
import cloud.gardener.apiserver.storage.Storage;
import com.fasterxml.jackson.databind.JsonNode;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Everything the server needs, resolved: files read, storage connected, one record per concern. {@link Main}
 * builds it from the flags; tests build it with {@link #builder()}.
 *
 * @param serving        where and how it listens
 * @param storage        where objects are kept
 * @param authentication client certificates, anonymous requests, front proxy, bearer tokens and delegated
 *                       authentication
 * @param authorization  delegated authorization and always-allowed paths
 * @param admission      the admission plugins and their configuration
 * @param credentials    the shoot kubeconfig and workload identity token subresources
 * @param cluster        standalone or cluster mode, and what runs for the core objects
 * @param featureGates   gardener-apiserver's feature gates ({@code --feature-gates})
 */
public record ServerConfig(
        ServingConfig serving,
        StorageConfig storage,
        AuthenticationConfig authentication,
        AuthorizationConfig authorization,
        AdmissionConfig admission,
        CredentialsConfig credentials,
        ClusterConfig cluster,
        FeatureGates featureGates) {

    /** The largest request body accepted, as kube-apiserver's 3 MiB. */
    public static final int MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

    public ServerConfig {
        Objects.requireNonNull(serving, "serving");
        Objects.requireNonNull(storage, "storage");
        authentication = authentication == null ? AuthenticationConfig.none() : authentication;
        authorization = authorization == null ? AuthorizationConfig.standalone() : authorization;
        admission = admission == null ? new AdmissionConfig(List.of(), List.of(), Map.of()) : admission;
        credentials = credentials == null ? CredentialsConfig.defaults() : credentials;
        Objects.requireNonNull(cluster, "cluster");
        featureGates = featureGates == null ? FeatureGates.defaults() : featureGates;
    }

    /**
     * A standalone server on loopback, on a free port, with the flags' defaults otherwise (anonymous requests
     * allowed, core objects served here, 60 s request timeout); set the certificate and the store.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a {@link ServerConfig} one setting at a time. Sections with a record of their own (authentication,
     * authorization, credentials) are set whole or changed through their {@code with...} methods.
     */
    public static final class Builder {

        private String bindAddress = "127.0.0.1";
        private int port;
        private int eventLoops = ServingConfig.defaultEventLoops();
        private boolean spreadHttp2Reads;
        private String certChainPem = "";
        private String keyPem = "";
        private Duration requestTimeout = Duration.ofSeconds(60);
        private int minRequestTimeoutSeconds = 1800;
        private Storage store;
        private WatchCacheSettings watchCache;
        private String etcdPrefix = "/registry-gardener";
        private AuthenticationConfig authentication =
                AuthenticationConfig.none().withAnonymous(true);
        private AuthorizationConfig authorization = AuthorizationConfig.standalone();
        private List<String> enabledAdmissionPlugins = List.of();
        private List<String> disabledAdmissionPlugins = List.of();
        private Map<String, JsonNode> admissionConfigurations = Map.of();
        private CredentialsConfig credentials = CredentialsConfig.defaults();
        private Kubeconfig coreKubeconfig;
        private boolean serveCoreV1 = true;
        private boolean projectController;
        private boolean garbageCollector;
        private boolean namespacedCloudProfileController;
        private String clusterIdentity;
        private Duration eventTtl = ClusterConfig.DEFAULT_EVENT_TTL;
        private FeatureGates featureGates = FeatureGates.defaults();

        private Builder() {}

        public Builder bindAddress(String address) {
            this.bindAddress = address;
            return this;
        }

        /** The HTTPS port; 0 picks a free one. */
        public Builder port(int newPort) {
            this.port = newPort;
            return this;
        }

        /** {@code --event-loops}: listeners (one per event loop) serving HTTPS; the default is one per core. */
        public Builder eventLoops(int loops) {
            this.eventLoops = loops;
            return this;
        }

        /** {@code --spread-http2-reads}: a busy HTTP/2 connection's GETs run on every event loop (default off). */
        public Builder spreadHttp2Reads(boolean spread) {
            this.spreadHttp2Reads = spread;
            return this;
        }

        /** The serving certificate chain and its private key, both PEM. */
        public Builder servingCertificate(String chainPem, String privateKeyPem) {
            this.certChainPem = chainPem;
            this.keyPem = privateKeyPem;
            return this;
        }

        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = timeout;
            return this;
        }

        public Builder minRequestTimeoutSeconds(int seconds) {
            this.minRequestTimeoutSeconds = seconds;
            return this;
        }

        /** The object store (the caller closes it after the server). */
        public Builder storage(Storage newStore) {
            this.store = newStore;
            return this;
        }

        /** Which resources are read through a watch cache (default: upstream's defaults, see {@link StorageConfig}). */
        public Builder watchCache(WatchCacheSettings settings) {
            this.watchCache = settings;
            return this;
        }

        public Builder etcdPrefix(String prefix) {
            this.etcdPrefix = prefix;
            return this;
        }

        public Builder authentication(AuthenticationConfig newAuthentication) {
            this.authentication = newAuthentication;
            return this;
        }

        /** The authentication settings so far, changed: {@code b.authentication(a -> a.withTokenFile(tokens))}. */
        public Builder authentication(UnaryOperator<AuthenticationConfig> change) {
            this.authentication = change.apply(authentication);
            return this;
        }

        /** The CAs whose client certificates authenticate users. */
        public Builder clientCa(List<X509Certificate> cas) {
            return authentication(a -> a.withClientCa(cas));
        }

        /** Whether requests without credentials run as system:anonymous. */
        public Builder anonymousAuth(boolean on) {
            return authentication(a -> a.withAnonymous(on));
        }

        public Builder authorization(AuthorizationConfig newAuthorization) {
            this.authorization = newAuthorization;
            return this;
        }

        /** Plugins turned on in addition to the defaults. */
        public Builder enableAdmissionPlugins(List<String> plugins) {
            this.enabledAdmissionPlugins = plugins;
            return this;
        }

        public Builder disableAdmissionPlugins(List<String> plugins) {
            this.disabledAdmissionPlugins = plugins;
            return this;
        }

        /** Each admission plugin's configuration, by plugin name. */
        public Builder admissionConfigurations(Map<String, JsonNode> configurations) {
            this.admissionConfigurations = configurations;
            return this;
        }

        public Builder credentials(CredentialsConfig newCredentials) {
            this.credentials = newCredentials;
            return this;
        }

        /** The credential settings so far, changed. */
        public Builder credentials(UnaryOperator<CredentialsConfig> change) {
            this.credentials = change.apply(credentials);
            return this;
        }

        /** Cluster mode: core objects from the kube-apiserver of {@code kubeconfig}, none served here. */
        public Builder coreKubeconfig(Kubeconfig kubeconfig) {
            this.coreKubeconfig = kubeconfig;
            return this;
        }

        /** Whether namespaces, secrets, config maps and events are served under /api/v1 (never in cluster mode). */
        public Builder serveCoreV1(boolean on) {
            this.serveCoreV1 = on;
            return this;
        }

        /** Turns the built-in project controller on or off (it stays off in cluster mode). */
        public Builder projectController(boolean on) {
            this.projectController = on;
            return this;
        }

        /** Turns the built-in garbage collector on or off (it stays off in cluster mode). */
        public Builder garbageCollector(boolean on) {
            this.garbageCollector = on;
            return this;
        }

        /** Turns the built-in NamespacedCloudProfile status controller on or off (off in cluster mode). */
        public Builder namespacedCloudProfileController(boolean on) {
            this.namespacedCloudProfileController = on;
            return this;
        }

        public Builder clusterIdentity(String identity) {
            this.clusterIdentity = identity;
            return this;
        }

        public Builder eventTtl(Duration ttl) {
            this.eventTtl = ttl;
            return this;
        }

        public Builder featureGates(FeatureGates gates) {
            this.featureGates = gates;
            return this;
        }

        public ServerConfig build() {
            return new ServerConfig(
                    new ServingConfig(
                            bindAddress,
                            port,
                            certChainPem,
                            keyPem,
                            requestTimeout,
                            minRequestTimeoutSeconds,
                            eventLoops,
                            spreadHttp2Reads),
                    watchCache == null
                            ? new StorageConfig(store, etcdPrefix)
                            : new StorageConfig(store, etcdPrefix, watchCache),
                    authentication,
                    authorization,
                    new AdmissionConfig(enabledAdmissionPlugins, disabledAdmissionPlugins, admissionConfigurations),
                    credentials,
                    new ClusterConfig(
                            coreKubeconfig,
                            serveCoreV1,
                            projectController,
                            garbageCollector,
                            namespacedCloudProfileController,
                            clusterIdentity,
                            eventTtl),
                    featureGates);
        }
    }
}
