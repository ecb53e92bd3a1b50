package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.authn.ExtensionApiserverAuthentication;
import cloud.gardener.apiserver.authn.RequestHeaderConfig;
import cloud.gardener.apiserver.certs.verify.ClientCertificateVerifier;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client CA and front-proxy settings in force, as k8s.io/apiserver's delegating authentication options
 * resolve them: the flags ({@code --client-ca-file}, {@code --requestheader-client-ca-file} and its siblings)
 * win; what they leave out comes from {@code kube-system/extension-apiserver-authentication} when
 * {@code --authentication-kubeconfig} is given. That ConfigMap is read at start (failing the start unless
 * lookup failures are tolerated) and again periodically, so rotated CAs and header names take effect without
 * a restart; a failed refresh keeps the last values.
 */
public final class AuthenticationSources {

    private static final Logger LOG = LoggerFactory.getLogger(AuthenticationSources.class);

    /** One consistent view, swapped as a whole. */
    private record Current(
            List<X509Certificate> clientCa,
            ClientCertificateVerifier clientVerifier,
            RequestHeaderConfig requestHeader,
            List<X509Certificate> acceptedIssuers) {}

    private volatile List<X509Certificate> flagClientCa;
    private final RequestHeaderConfig flagRequestHeader;
    private volatile ExtensionApiserverAuthentication lastPublished = ExtensionApiserverAuthentication.empty();
    private volatile Current current;
    private volatile long timer = -1;
    private volatile Runnable issuersChanged = () -> {};
    private Vertx vertx;

    private AuthenticationSources(List<X509Certificate> flagClientCa, RequestHeaderConfig flagRequestHeader) {
        this.flagClientCa = List.copyOf(flagClientCa);
        this.flagRequestHeader = flagRequestHeader;
        apply(ExtensionApiserverAuthentication.empty());
    }

    /** The flags only (no kube-apiserver to ask). */
    public static AuthenticationSources fromFlags(ServerConfig config) {
        return new AuthenticationSources(
                config.authentication().clientCa(), config.authentication().requestHeader());
    }

    /** Reads the ConfigMap when a kubeconfig is configured and starts the periodic refresh. */
    public static Future<AuthenticationSources> start(Vertx vertx, ServerConfig config) {
        AuthenticationSources sources = fromFlags(config);
        AuthenticationConfig authentication = config.authentication();
        if (authentication.kubeconfig() == null) {
            return Future.succeededFuture(sources);
        }
        KubeApiClient client = new KubeApiClient(vertx, authentication.kubeconfig());
        return ExtensionApiserverAuthentication.fetch(client)
                .map(published -> {
                    sources.apply(published);
                    return sources;
                })
                .recover(error -> {
                    String message =
                            "unable to load configmap based request-header-client-ca-file: " + error.getMessage();
                    if (!authentication.tolerateLookupFailure()) {
                        client.close();
                        return Future.failedFuture(new IllegalStateException(
                                message + " (set " + "--authentication-tolerate-lookup-failure to start without it)",
                                error));
                    }
                    LOG.warn("{}; continuing without the in-cluster authentication configuration", message);
                    return Future.succeededFuture(sources);
                })
                .onSuccess(started -> started.refreshEvery(
                        vertx, client, authentication.configMapRefresh().toMillis()));
    }

    private void refreshEvery(Vertx owner, KubeApiClient client, long millis) {
        this.vertx = owner;
        timer = owner.setPeriodic(
                Math.max(1, millis),
                id -> ExtensionApiserverAuthentication.fetch(client)
                        .onSuccess(this::apply)
                        .onFailure(error -> LOG.warn(
                                "refreshing {}/{} failed, keeping the last values: {}",
                                ExtensionApiserverAuthentication.NAMESPACE,
                                ExtensionApiserverAuthentication.NAME,
                                error.getMessage())));
    }

    /** Stops the refresh. */
    public void stop() {
        if (timer >= 0 && vertx != null) {
            vertx.cancelTimer(timer);
        }
    }

    /**
     * {@code --client-ca-file} changed on disk: its new bundle verifies client certificates from now on (upstream's
     * dynamic client CA). An empty bundle is ignored, so a half-written file never locks every client out.
     */
    public void replaceFlagClientCa(List<X509Certificate> bundle) {
        if (bundle.isEmpty()) {
            return;
        }
        flagClientCa = List.copyOf(bundle);
        apply(lastPublished);
    }

    /** Told whenever {@link #acceptedIssuers} changes (TLS must name the new CAs in its certificate requests). */
    public void onAcceptedIssuersChanged(Runnable listener) {
        issuersChanged = Objects.requireNonNull(listener, "listener");
    }

    private void apply(ExtensionApiserverAuthentication published) {
        if (applied(published)) {
            issuersChanged.run();
        }
    }

    /** Whether the accepted issuers changed. */
    private synchronized boolean applied(ExtensionApiserverAuthentication published) {
        lastPublished = published;
        List<X509Certificate> clientCa = flagClientCa.isEmpty() ? published.clientCa() : flagClientCa;
        RequestHeaderConfig requestHeader =
                flagRequestHeader.clientCa().isEmpty() ? published.requestHeader() : flagRequestHeader;
        Current before = current;
        if (before != null
                && before.clientCa().equals(clientCa)
                && before.requestHeader().equals(requestHeader)) {
            return false;
        }
        if (!requestHeader.clientCa().isEmpty()) {
            warnAboutMissingStandardHeaders(requestHeader);
        }
        LinkedHashSet<X509Certificate> issuers = new LinkedHashSet<>(clientCa);
        issuers.addAll(requestHeader.clientCa());
        current = new Current(
                clientCa,
                new ClientCertificateVerifier(clientCa),
                requestHeader,
                List.copyOf(new ArrayList<>(issuers)));
        return before != null && !before.acceptedIssuers().equals(current.acceptedIssuers());
    }

    private static void warnAboutMissingStandardHeaders(RequestHeaderConfig config) {
        if (!containsIgnoreCase(config.usernameHeaders(), "X-Remote-User")
                || !containsIgnoreCase(config.groupHeaders(), "X-Remote-Group")
                || !containsIgnoreCase(config.extraHeaderPrefixes(), "X-Remote-Extra-")) {
            LOG.warn(
                    "request-header settings {} miss the standard X-Remote-* names: API aggregation will not work",
                    config);
        }
    }

    private static boolean containsIgnoreCase(List<String> values, String wanted) {
        return values.stream().anyMatch(value -> value.equalsIgnoreCase(wanted));
    }

    /** The client-ca verifier in force (may be empty). */
    public ClientCertificateVerifier clientCertificates() {
        return current.clientVerifier();
    }

    /** The front-proxy settings in force (disabled without a CA). */
    public RequestHeaderConfig requestHeader() {
        return current.requestHeader();
    }

    /** The client CA and the request-header CA together: what TLS names as acceptable issuers. */
    public List<X509Certificate> acceptedIssuers() {
        return current.acceptedIssuers();
    }
}
