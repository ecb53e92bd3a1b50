package cloud.gardener.apiserver.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line. Flag names follow kube-apiserver and gardener-apiserver wherever one exists;
 * an unknown flag is an error, never ignored.
 */
@Command(
        name = "gardener-apiserver",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        versionProvider = ServerVersion.Provider.class,
        subcommands = MigrateCommand.class,
        description = "Serves the Gardener API (core.gardener.cloud and its sibling groups) over HTTPS.")
public final class ServerOptions {

    @Option(names = "--secure-port", defaultValue = "8443", description = "HTTPS port (default: ${DEFAULT-VALUE}).")
    public int securePort;

    @Option(
            names = "--bind-address",
            defaultValue = "0.0.0.0",
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    public String bindAddress;

    @Option(
            names = "--tls-cert-file",
            description =
                    "Serving certificate (PEM, chain allowed). Without it a self-signed one is generated into --data-dir.")
    public Path tlsCertFile;

    @Option(names = "--tls-private-key-file", description = "Private key of --tls-cert-file (PEM).")
    public Path tlsPrivateKeyFile;

    @Option(
            names = "--client-ca-file",
            description =
                    "CA bundle verifying client certificates (user = CN, groups = O). In local mode a CA is generated when absent.")
    public Path clientCaFile;

    @Option(
            names = "--anonymous-auth",
            defaultValue = "true",
            arity = "0..1",
            fallbackValue = "true",
            description = "Serve requests without credentials as system:anonymous (default: ${DEFAULT-VALUE}).")
    public boolean anonymousAuth;

    @Option(
            names = "--requestheader-client-ca-file",
            description =
                    "CA bundle verifying the front proxy's client certificate; request headers are trusted only from such a certificate. Overrides the extension-apiserver-authentication ConfigMap.")
    public Path requestheaderClientCaFile;

    @Option(
            names = "--requestheader-allowed-names",
            split = ",",
            description =
                    "Common names the front proxy's certificate may have; empty allows any name signed by --requestheader-client-ca-file.")
    public List<String> requestheaderAllowedNames = new ArrayList<>();

    @Option(
            names = "--requestheader-username-headers",
            split = ",",
            defaultValue = "X-Remote-User",
            description = "Headers carrying the user name; the first non-empty one wins (default: ${DEFAULT-VALUE}).")
    public List<String> requestheaderUsernameHeaders;

    @Option(
            names = "--requestheader-uid-headers",
            split = ",",
            defaultValue = "X-Remote-Uid",
            description = "Headers carrying the user's UID; the first non-empty one wins (default: ${DEFAULT-VALUE}).")
    public List<String> requestheaderUidHeaders;

    @Option(
            names = "--requestheader-group-headers",
            split = ",",
            defaultValue = "X-Remote-Group",
            description = "Headers carrying groups (default: ${DEFAULT-VALUE}).")
    public List<String> requestheaderGroupHeaders;

    @Option(
            names = "--requestheader-extra-headers-prefix",
            split = ",",
            defaultValue = "X-Remote-Extra-",
            description = "Prefixes of headers carrying extra user values (default: ${DEFAULT-VALUE}).")
    public List<String> requestheaderExtraHeadersPrefix;

    @Option(
            names = "--token-auth-file",
            description = "Static bearer tokens, kube-apiserver's CSV format: token,user,uid,\"group1,group2\".")
    public Path tokenAuthFile;

    @Option(
            names = "--authentication-kubeconfig",
            description =
                    "kubeconfig of the kube-apiserver that reviews bearer tokens (TokenReview) and publishes kube-system/extension-apiserver-authentication.")
    public Path authenticationKubeconfig;

    @Option(
            names = "--authentication-token-webhook-cache-ttl",
            defaultValue = "10s",
            converter = GoDurationConverter.class,
            description = "How long TokenReview answers are cached (default: ${DEFAULT-VALUE}).")
    public java.time.Duration authenticationTokenWebhookCacheTtl;

    @Option(
            names = "--authentication-tolerate-lookup-failure",
            defaultValue = "false",
            arity = "0..1",
            fallbackValue = "true",
            description =
                    "Start even when extension-apiserver-authentication cannot be read (default: ${DEFAULT-VALUE}).")
    public boolean authenticationTolerateLookupFailure;

    @Option(
            names = "--kubeconfig",
            description =
                    "kubeconfig of the virtual garden's kube-apiserver: namespaces, secrets and config maps are read from it (cluster mode) instead of being served here.")
    public Path kubeconfig;

    @Option(
            names = "--authorization-kubeconfig",
            description = "kubeconfig of the kube-apiserver that authorizes requests (SubjectAccessReview).")
    public Path authorizationKubeconfig;

    @Option(
            names = "--authorization-webhook-cache-authorized-ttl",
            defaultValue = "10s",
            converter = GoDurationConverter.class,
            description = "How long allowed SubjectAccessReview answers are cached (default: ${DEFAULT-VALUE}).")
    public java.time.Duration authorizationWebhookCacheAuthorizedTtl;

    @Option(
            names = "--authorization-webhook-cache-unauthorized-ttl",
            defaultValue = "10s",
            converter = GoDurationConverter.class,
            description = "How long denied SubjectAccessReview answers are cached (default: ${DEFAULT-VALUE}).")
    public java.time.Duration authorizationWebhookCacheUnauthorizedTtl;

    @Option(
            names = "--authorization-always-allow-paths",
            split = ",",
            defaultValue = "/healthz,/readyz,/livez",
            description =
                    "Paths anyone may request without a SubjectAccessReview; a trailing * matches a prefix (default: ${DEFAULT-VALUE}).")
    public List<String> authorizationAlwaysAllowPaths;

    @Option(
            names = "--data-dir",
            defaultValue = "./.gardener-apiserver",
            description =
                    "Where generated certificates, the admin kubeconfig and the local store (embedded, or a private etcd) live (default: ${DEFAULT-VALUE}).")
    public Path dataDir;

    @Option(
            names = "--storage-backend",
            description =
                    "embedded (a local store in --data-dir/embedded, no other process) or etcd (--etcd-servers, or a private etcd under --data-dir without them). Default: etcd when --etcd-servers is given, else embedded.")
    public String storageBackend;

    @Option(
            names = "--etcd-servers",
            split = ",",
            description = "etcd endpoints (comma-separated URLs); implies --storage-backend=etcd.")
    public List<String> etcdServers = new ArrayList<>();

    @Option(
            names = "--etcd-prefix",
            defaultValue = "/registry-gardener",
            description = "Key prefix of every object (default: ${DEFAULT-VALUE}).")
    public String etcdPrefix;

    @Option(names = "--etcd-cafile", description = "CA bundle verifying etcd's serving certificate.")
    public Path etcdCaFile;

    @Option(names = "--etcd-certfile", description = "Client certificate for etcd.")
    public Path etcdCertFile;

    @Option(names = "--etcd-keyfile", description = "Client key for etcd.")
    public Path etcdKeyFile;

    @Option(
            names = "--encryption-provider-config",
            description =
                    "EncryptionConfiguration (apiserver.config.k8s.io/v1) for encryption at rest. Secrets, controllerdeployments, controllerregistrations, internalsecrets and shootstates are always encrypted when it is given.")
    public Path encryptionProviderConfig;

    @Option(
            names = "--etcd-compaction-interval",
            defaultValue = "5m",
            converter = GoDurationConverter.class,
            description =
                    "How often to compact the store's history (etcd or embedded); 0 disables (default: ${DEFAULT-VALUE}).")
    public java.time.Duration etcdCompactionInterval;

    @Option(
            names = "--request-timeout",
            defaultValue = "60s",
            converter = GoDurationConverter.class,
            description = "Deadline of non-long-running requests (default: ${DEFAULT-VALUE}).")
    public java.time.Duration requestTimeout;

    @Option(
            names = "--min-request-timeout",
            defaultValue = "1800",
            description =
                    "Minimum watch lifetime in seconds; watches last a random time between it and twice it unless timeoutSeconds says otherwise (default: ${DEFAULT-VALUE}).")
    public int minRequestTimeout;

    @Option(
            names = "--max-requests-inflight",
            defaultValue = "400",
            description =
                    "Read-only requests served at once; more are answered 429 (0: no limit; default: ${DEFAULT-VALUE}).")
    public int maxRequestsInflight;

    @Option(
            names = "--max-mutating-requests-inflight",
            defaultValue = "200",
            description =
                    "Mutating requests served at once; more are answered 429 (0: no limit; default: ${DEFAULT-VALUE}).")
    public int maxMutatingRequestsInflight;

    @Option(
            names = "--shutdown-delay-duration",
            defaultValue = "0s",
            converter = GoDurationConverter.class,
            description =
                    "After SIGTERM, how long /readyz reports the shutdown while requests are still served (default: ${DEFAULT-VALUE}).")
    public java.time.Duration shutdownDelayDuration;

    @Option(
            names = "--enable-admission-plugins",
            split = ",",
            description = "Admission plugins to turn on in addition to the default ones.")
    public List<String> enableAdmissionPlugins = new ArrayList<>();

    @Option(names = "--disable-admission-plugins", split = ",", description = "Admission plugins to turn off.")
    public List<String> disableAdmissionPlugins = new ArrayList<>();

    @Option(
            names = "--admission-control-config-file",
            description = "An apiserver.config.k8s.io/v1 AdmissionConfiguration with the plugins' configurations.")
    public java.nio.file.Path admissionControlConfigFile;

    @Option(
            names = "--feature-gates",
            split = ",",
            description =
                    "Feature gates as Name=bool pairs: CloudProfileCapabilities (default true), DisableNginxIngressInShoot, InPlaceNodeUpdates, LiveControlPlaneMigration, VersionClassificationLifecycle (default false).")
    public List<String> featureGates = new ArrayList<>();

    @Option(
            names = "--cluster-identity",
            description = "Identity of the garden cluster (gardener-apiserver requires it behind a kube-apiserver).")
    public String clusterIdentity;

    @Option(
            names = "--shoot-admin-kubeconfig-max-expiration",
            defaultValue = "24h",
            converter = GoDurationConverter.class,
            description =
                    "Longest validity of a shoots/adminkubeconfig credential; longer requests get this (1h to 2^32 s; default: ${DEFAULT-VALUE}).")
    public java.time.Duration shootAdminKubeconfigMaxExpiration;

    @Option(
            names = "--shoot-viewer-kubeconfig-max-expiration",
            defaultValue = "24h",
            converter = GoDurationConverter.class,
            description =
                    "Longest validity of a shoots/viewerkubeconfig credential; longer requests get this (1h to 2^32 s; default: ${DEFAULT-VALUE}).")
    public java.time.Duration shootViewerKubeconfigMaxExpiration;

    @Option(
            names = "--workload-identity-token-issuer",
            description =
                    "The 'iss' claim of workload identity tokens (an https URL). Its OIDC discovery documents are served at <issuer path>/.well-known/openid-configuration and <issuer path>/jwks.")
    public String workloadIdentityTokenIssuer;

    @Option(
            names = "--workload-identity-signing-key-file",
            description =
                    "PEM private key (RSA, or ECDSA P-256/384/521) signing workload identity tokens; without it workloadidentities/token fails.")
    public Path workloadIdentitySigningKeyFile;

    @Option(
            names = "--workload-identity-token-min-expiration",
            defaultValue = "1h",
            converter = GoDurationConverter.class,
            description = "Shortest validity of a workload identity token (10m to 2^32 s; default: ${DEFAULT-VALUE}).")
    public java.time.Duration workloadIdentityTokenMinExpiration;

    @Option(
            names = "--workload-identity-token-max-expiration",
            defaultValue = "48h",
            converter = GoDurationConverter.class,
            description = "Longest validity of a workload identity token (10m to 2^32 s; default: ${DEFAULT-VALUE}).")
    public java.time.Duration workloadIdentityTokenMaxExpiration;

    @Option(
            names = "--event-ttl",
            defaultValue = "1h",
            converter = GoDurationConverter.class,
            description = "Standalone: how long events are kept after their last write (default: ${DEFAULT-VALUE}).")
    public java.time.Duration eventTtl;

    @Option(
            names = "--shoot-credentials-rotation-interval",
            defaultValue = "2160h",
            converter = GoDurationConverter.class,
            description =
                    "After this long since creation or the last rotation, Shoot writes warn that credentials should be rotated (24h to 2^32 s; default: ${DEFAULT-VALUE}).")
    public java.time.Duration shootCredentialsRotationInterval;

    @Option(
            names = "--log-level",
            defaultValue = "info",
            description =
                    "The level/severity for the logs. Must be one of [info,debug,error] (default: ${DEFAULT-VALUE}).")
    public String logLevel;

    @Option(
            names = "--log-format",
            defaultValue = "json",
            description = "The format for the logs. Must be one of [json,text] (default: ${DEFAULT-VALUE}).")
    public String logFormat;

    /** The {@code --audit-*} flags. */
    @picocli.CommandLine.Mixin
    public cloud.gardener.apiserver.audit.AuditOptions audit = new cloud.gardener.apiserver.audit.AuditOptions();

    @Option(
            names = "--tls-cipher-suites",
            split = ",",
            description =
                    "TLS 1.2 cipher suites offered, by Go's (IANA) names, e.g. TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256; TLS 1.3's suites are always offered. An unknown name stops the server. Default: the ECDHE AES-GCM and ChaCha20-Poly1305 suites.")
    public List<String> tlsCipherSuites = new ArrayList<>();

    @Option(
            names = "--tls-min-version",
            description =
                    "Lowest TLS version accepted: VersionTLS12 (default) or VersionTLS13; VersionTLS10/11 are accepted but the JVM never offers TLS 1.0 or 1.1.")
    public String tlsMinVersion;

    @Option(
            names = "--http2-max-streams-per-connection",
            defaultValue = "0",
            description = "Streams an HTTP/2 client may have open on one connection (0: Go's default, 250).")
    public int http2MaxStreamsPerConnection;

    @Option(
            names = "--event-loops",
            defaultValue = "0",
            description =
                    "Event loops serving HTTPS, each with a listener of its own on the port; 0 means one per core (default: ${DEFAULT-VALUE}).")
    public int eventLoops;

    @Option(
            names = "--spread-http2-reads",
            defaultValue = "false",
            arity = "0..1",
            fallbackValue = "true",
            description =
                    "Hand the GETs (objects and lists, not watches) of a busy HTTP/2 connection to the other event loops, so one client's connection uses every core (default: ${DEFAULT-VALUE}).")
    public boolean spreadHttp2Reads;

    @Option(
            names = "--goaway-chance",
            defaultValue = "0",
            description =
                    "Probability (0 to 0.02) that an HTTP/2 request that is not a watch ends its connection with a GOAWAY, so clients reconnect and spread across replicas (default: ${DEFAULT-VALUE}).")
    public double goawayChance;

    @Option(
            names = "--livez-grace-period",
            defaultValue = "0s",
            converter = GoDurationConverter.class,
            description =
                    "Time after start during which /livez reports its checks as passing, as kube-apiserver (default: ${DEFAULT-VALUE}).")
    public java.time.Duration livezGracePeriod;

    @Option(
            names = "--profiling",
            defaultValue = "true",
            arity = "0..1",
            fallbackValue = "true",
            description =
                    "Accepted for kube-apiserver compatibility; Go's /debug/pprof has no JVM counterpart here, use JDK Flight Recorder (JAVA_TOOL_OPTIONS=-XX:StartFlightRecording) instead.")
    public boolean profiling;

    @Option(
            names = "--watch-cache",
            defaultValue = "true",
            arity = "0..1",
            fallbackValue = "true",
            description = "Enable watch caching in the apiserver (default: ${DEFAULT-VALUE}).")
    public boolean watchCache = true;

    @Option(
            names = "--default-watch-cache-size",
            defaultValue = "100",
            description =
                    "Default watch cache size. If zero, watch cache will be disabled for resources that do not have a default watch size set (default: ${DEFAULT-VALUE}).")
    public int defaultWatchCacheSize = 100;

    @Option(
            names = "--watch-cache-sizes",
            split = ",",
            description =
                    "Watch cache size settings for some resources, resource[.group]#size (e.g. shoots.core.gardener.cloud#0 disables that cache); as kube-apiserver, a non-zero size enables the cache, whose window sizes itself.")
    public List<String> watchCacheSizes = new ArrayList<>();

    @Option(
            names = {"-v", "--v"},
            defaultValue = "0",
            description =
                    "Log verbosity as klog's: 3 and above log every request (httplog), 4 and above lower --log-level to debug.")
    public int verbosity;

    @Option(
            names = "--vmodule",
            split = ",",
            description =
                    "Per-module verbosity, pattern=N; httplog=N with N >= 3 logs every request (verb, URI, latency, user agent, audit ID, source IP, status).")
    public List<String> vmodule = new ArrayList<>();
}
