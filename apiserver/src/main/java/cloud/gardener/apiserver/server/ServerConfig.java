package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.storage.Storage;
import com.fasterxml.jackson.databind.JsonNode;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything the server needs, resolved: files read, storage connected. {@link Main} builds it from
 * the flags; tests build it directly and adjust it with the {@code with...} methods.
 *
 * @param bindAddress              address to listen on
 * @param port                     HTTPS port; 0 picks a free one
 * @param servingCertChainPem      serving certificate chain (PEM)
 * @param servingKeyPem            its private key (PEM)
 * @param clientCa                 CAs whose client certificates authenticate users (may be empty)
 * @param anonymousAuth            whether requests without credentials run as system:anonymous
 * @param storage                  the object store (owned by the caller)
 * @param etcdPrefix               key prefix of every object
 * @param serveCoreV1              whether to serve namespaces, secrets and configmaps under /api/v1
 * @param requestTimeout           deadline of non-long-running requests
 * @param minRequestTimeoutSeconds minimum watch lifetime
 * @param enabledAdmissionPlugins  plugins turned on in addition to the defaults
 * @param disabledAdmissionPlugins plugins turned off
 * @param authentication           front proxy, bearer tokens and delegated authentication
 * @param authorization            delegated authorization and always-allowed paths
 * @param admissionConfigurations  each admission plugin's configuration ({@code --admission-control-config-file})
 * @param credentials              the shoot kubeconfig and workload identity token subresources
 * @param coreKubeconfig           cluster mode: the virtual garden whose namespaces, secrets and config maps are used
 *                                 ({@code --kubeconfig}); null in standalone mode
 * @param featureGates             gardener-apiserver's feature gates ({@code --feature-gates})
 * @param clusterIdentity          {@code --cluster-identity}, published in ConfigMap {@code kube-system/cluster-identity}
 *                                 by a post-start hook; null for none
 * @param eventTtl                 {@code --event-ttl}: how long standalone events are kept after their last write
 * @param projectController        whether this server runs the project controller's namespace part itself
 *                                 (standalone mode; gardener-controller-manager does it in cluster mode)
 * @param namespacedCloudProfileController whether this server computes NamespacedCloudProfiles'
 *                                 {@code status.cloudProfileSpec} itself (standalone mode only, as the project
 *                                 controller)
 */
public record ServerConfig(String bindAddress, int port, String servingCertChainPem, String servingKeyPem,
                           List<X509Certificate> clientCa, boolean anonymousAuth, Storage storage, String etcdPrefix,
                           boolean serveCoreV1, Duration requestTimeout, int minRequestTimeoutSeconds,
                           List<String> enabledAdmissionPlugins, List<String> disabledAdmissionPlugins,
                           AuthenticationConfig authentication, AuthorizationConfig authorization,
                           Map<String, JsonNode> admissionConfigurations, CredentialsConfig credentials,
                           Kubeconfig coreKubeconfig, FeatureGates featureGates, String clusterIdentity,
                           Duration eventTtl, boolean projectController,
                           boolean namespacedCloudProfileController) {

    /** The largest request body accepted, as kube-apiserver's 3 MiB. */
    public static final int MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;
    /** kube-apiserver's {@code --event-ttl} default. */
    public static final Duration DEFAULT_EVENT_TTL = Duration.ofHours(1);

    public ServerConfig {
        authentication = authentication == null ? AuthenticationConfig.none() : authentication;
        authorization = authorization == null ? AuthorizationConfig.standalone() : authorization;
        admissionConfigurations = admissionConfigurations == null ? Map.of() : Map.copyOf(admissionConfigurations);
        credentials = credentials == null ? CredentialsConfig.defaults() : credentials;
        featureGates = featureGates == null ? FeatureGates.defaults() : featureGates;
        eventTtl = eventTtl == null ? DEFAULT_EVENT_TTL : eventTtl;
        if (eventTtl.isNegative() || eventTtl.isZero()) {
            throw new IllegalArgumentException("--event-ttl must be greater than 0");
        }
    }

    /** Standalone, with client certificates only, standalone authorization and default settings otherwise. */
    public ServerConfig(String bindAddress, int port, String servingCertChainPem, String servingKeyPem,
                        List<X509Certificate> clientCa, boolean anonymousAuth, Storage storage, String etcdPrefix,
                        boolean serveCoreV1, Duration requestTimeout, int minRequestTimeoutSeconds,
                        List<String> enabledAdmissionPlugins, List<String> disabledAdmissionPlugins) {
        this(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth, storage, etcdPrefix,
                serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, null, null, null, null, null, null, null, null, false, false);
    }

    /** Without a cluster identity. */
    public ServerConfig(String bindAddress, int port, String servingCertChainPem, String servingKeyPem,
                        List<X509Certificate> clientCa, boolean anonymousAuth, Storage storage, String etcdPrefix,
                        boolean serveCoreV1, Duration requestTimeout, int minRequestTimeoutSeconds,
                        List<String> enabledAdmissionPlugins, List<String> disabledAdmissionPlugins,
                        AuthenticationConfig authentication, AuthorizationConfig authorization,
                        Map<String, JsonNode> admissionConfigurations, CredentialsConfig credentials,
                        Kubeconfig coreKubeconfig, FeatureGates featureGates) {
        this(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth, storage, etcdPrefix,
                serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, null, null, false, false);
    }

    public ServerConfig withClusterIdentity(String identity) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, identity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withRequestTimeout(Duration timeout) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, timeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withClientCa(List<X509Certificate> newClientCa) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, newClientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withAuthentication(AuthenticationConfig newAuthentication) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, newAuthentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withAuthorization(AuthorizationConfig newAuthorization) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, newAuthorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withAdmission(List<String> enable, List<String> disable, Map<String, JsonNode> configurations) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enable, disable,
                authentication, authorization, configurations, credentials, coreKubeconfig, featureGates,
                clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withCredentials(CredentialsConfig newCredentials) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, newCredentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    /** Cluster mode: core objects from the kube-apiserver of {@code kubeconfig}, none served here. */
    public ServerConfig withCoreKubeconfig(Kubeconfig kubeconfig) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, kubeconfig == null && serveCoreV1, requestTimeout, minRequestTimeoutSeconds,
                enabledAdmissionPlugins, disabledAdmissionPlugins, authentication, authorization,
                admissionConfigurations, credentials, kubeconfig, featureGates, clusterIdentity, eventTtl,
                kubeconfig == null && projectController, kubeconfig == null && namespacedCloudProfileController);
    }

    public ServerConfig withFeatureGates(FeatureGates newFeatureGates) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, newFeatureGates, clusterIdentity, eventTtl, projectController,
                namespacedCloudProfileController);
    }

    public ServerConfig withEventTtl(Duration newEventTtl) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, newEventTtl, projectController,
                namespacedCloudProfileController);
    }

    /** Turns the built-in project controller on or off (it stays off in cluster mode). */
    public ServerConfig withProjectController(boolean on) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, on && coreKubeconfig == null && serveCoreV1,
                namespacedCloudProfileController);
    }

    /**
     * Turns the built-in NamespacedCloudProfile controller on or off (it stays off in cluster mode, and needs the
     * core/v1 API this server serves standalone, for its events).
     */
    public ServerConfig withNamespacedCloudProfileController(boolean on) {
        return new ServerConfig(bindAddress, port, servingCertChainPem, servingKeyPem, clientCa, anonymousAuth,
                storage, etcdPrefix, serveCoreV1, requestTimeout, minRequestTimeoutSeconds, enabledAdmissionPlugins,
                disabledAdmissionPlugins, authentication, authorization, admissionConfigurations, credentials,
                coreKubeconfig, featureGates, clusterIdentity, eventTtl, projectController,
                on && coreKubeconfig == null && serveCoreV1);
    }
}
