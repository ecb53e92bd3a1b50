package cloud.gardener.apiserver.registry.credentials;

import cloud.gardener.apiserver.admission.validation.authentication.KubeconfigRequestValidation;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import cloud.gardener.apiserver.certs.MultiClusterKubeconfig;
import cloud.gardener.apiserver.registry.Registry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * {@code shoots/adminkubeconfig} and {@code shoots/viewerkubeconfig}, as Gardener's {@code KubeconfigREST}: a
 * client certificate from the shoot's client CA (InternalSecret {@code <shoot>.ca-client}) for
 * {@code gardener.cloud:<admin|viewer>:<user>}, in one organisation chosen by an access review, wrapped in a
 * kubeconfig with one cluster per kube-apiserver address the shoot advertises, trusting the cluster CA bundle
 * (ConfigMap {@code <shoot>.ca-cluster}, or the deprecated Secret of that name). The requested validity is capped
 * at the flag's maximum; key generation and signing run on a worker thread.
 */
public final class ShootKubeconfigs {

    static final List<String> KUBE_APISERVER_ADDRESSES =
            List.of("external", "internal", "wildcard-tls-seed-bound", "unmanaged");
    static final String WILDCARD_TLS_SEED_BOUND = "wildcard-tls-seed-bound";
    private static final String CORE = StandardResources.CORE;

    private final Vertx vertx;
    private final StoreReads reads;
    private final Authorizer authorizer;
    private final Duration adminMaxExpiration;
    private final Duration viewerMaxExpiration;

    public ShootKubeconfigs(
            Vertx vertx,
            Registry registry,
            Authorizer authorizer,
            Duration adminMaxExpiration,
            Duration viewerMaxExpiration) {
        this.vertx = vertx;
        this.reads = new StoreReads(registry);
        this.authorizer = authorizer;
        this.adminMaxExpiration = adminMaxExpiration;
        this.viewerMaxExpiration = viewerMaxExpiration;
    }

    /** The shoot's CA material, read before anything is issued. */
    private record CaMaterial(CertificateAuthority clientCa, String clusterCaBundle) {}

    /**
     * Issues a kubeconfig of the given flavor for a Shoot.
     *
     * @param request the decoded and defaulted request of the flavor's kind
     * @return the request with the capped validity and the issued kubeconfig in its status
     */
    public Future<ObjectNode> create(
            KubeconfigFlavor flavor, String namespace, String shootName, ObjectNode request, UserInfo user) {
        JsonNode requested = request.path("spec").path("expirationSeconds");
        List<FieldError> errs = KubeconfigRequestValidation.validate(requested.isNumber() ? requested.asLong() : null);
        if (!errs.isEmpty()) {
            return Future.failedFuture(ApiException.invalid(flavor.kind(), "", errs));
        }
        if (user == null) {
            return Future.failedFuture(ApiException.badRequest("no user in context"));
        }
        return organisation(flavor, user)
                .compose(group -> reads.store(CORE, "shoots")
                        .get(namespace, shootName)
                        .compose(shoot -> {
                            List<JsonNode> addresses = kubeApiServerAddresses(shoot);
                            if (addresses.isEmpty()) {
                                return Future.failedFuture(ApiException.invalid(
                                        flavor.kind(),
                                        shootName,
                                        List.of(FieldError.invalid(
                                                "status.status",
                                                FieldError.verbatim(GoAddresses.render(
                                                        shoot.path("status").get("advertisedAddresses"))),
                                                "no suitable advertised address for kube-apiserver found in "
                                                        + ".status.advertisedAddresses"))));
                            }
                            return caMaterial(namespace, shootName)
                                    .compose(ca ->
                                            issue(flavor, namespace, shootName, request, user, group, addresses, ca));
                        }));
    }

    /** The one organisation of the certificate, decided by the server's authorizers for Gardener's review. */
    private Future<String> organisation(KubeconfigFlavor flavor, UserInfo user) {
        Attributes review =
                Attributes.forResource(user, "list", flavor.reviewGroup(), "", "", flavor.reviewResource(), "", "", "");
        Future<String> decided;
        try {
            decided = authorizer
                    .authorize(review)
                    .map(decision -> decision.isAllowed() ? flavor.systemGroup() : flavor.projectGroup());
        } catch (RuntimeException e) {
            decided = Future.failedFuture(e);
        }
        return decided.recover(
                t -> Future.failedFuture(ApiException.unknown("failed to get user groups: " + t.getMessage())));
    }

    /** The addresses that advertise the kube-apiserver (a shoot also lists e.g. its service account issuer). */
    static List<JsonNode> kubeApiServerAddresses(JsonNode shoot) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode address : shoot.path("status").path("advertisedAddresses")) {
            if (KUBE_APISERVER_ADDRESSES.contains(address.path("name").asText(""))) {
                out.add(address);
            }
        }
        return out;
    }

    private Future<CaMaterial> caMaterial(String namespace, String shoot) {
        String clientCaName = shoot + ".ca-client";
        String clusterCaName = shoot + ".ca-cluster";
        Future<CertificateAuthority> clientCa = reads.find(CORE, "internalsecrets", namespace, clientCaName)
                .recover(t ->
                        Future.failedFuture(ApiException.internal("could not get client CA secret: " + t.getMessage())))
                .map(found -> {
                    ObjectNode secret = found.orElseThrow(() -> ApiException.internal("could not get client CA "
                            + "secret: " + NotFoundMessages.of("internalsecret", CORE, clientCaName)));
                    try {
                        return CertificateAuthority.load(data(secret, "ca.crt"), data(secret, "ca.key"));
                    } catch (RuntimeException e) {
                        throw ApiException.internal(
                                "could not load client CA certificate from secret: " + e.getMessage());
                    }
                });
        return clientCa.compose(
                ca -> clusterCaBundle(namespace, clusterCaName).map(bundle -> new CaMaterial(ca, bundle)));
    }

    /** ConfigMap {@code <shoot>.ca-cluster}, else (Gardener's deprecated fallback) the Secret of that name. */
    private Future<String> clusterCaBundle(String namespace, String name) {
        return reads.find("", "configmaps", namespace, name)
                .recover(t -> Future.failedFuture(
                        ApiException.internal("could not get cluster CA config map: " + t.getMessage())))
                .compose(configMap -> {
                    if (configMap.isPresent()) {
                        return Future.succeededFuture(
                                configMap.get().path("data").path("ca.crt").asText(""));
                    }
                    return reads.find("", "secrets", namespace, name)
                            .recover(t -> Future.failedFuture(
                                    ApiException.internal("could not get cluster CA secret: " + t.getMessage())))
                            .map(secret -> data(
                                    secret.orElseThrow(() -> ApiException.internal("could not get cluster CA secret: "
                                            + NotFoundMessages.of("secret", "", name))),
                                    "ca.crt"));
                })
                .map(bundle -> {
                    if (bundle.isEmpty()) {
                        throw ApiException.internal("could not load cluster CA bundle");
                    }
                    return bundle;
                });
    }

    /** A base64 {@code data} value of a Secret or InternalSecret as text ({@code ""} when absent). */
    private static String data(ObjectNode secret, String key) {
        String encoded = secret.path("data").path(key).asText("");
        return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    }

    private Future<ObjectNode> issue(
            KubeconfigFlavor flavor,
            String namespace,
            String shootName,
            ObjectNode request,
            UserInfo user,
            String group,
            List<JsonNode> addresses,
            CaMaterial ca) {
        long seconds =
                capped(flavor, request.path("spec").path("expirationSeconds").asLong());
        String authName = namespace + "--" + shootName;
        List<MultiClusterKubeconfig.Cluster> clusters = new ArrayList<>();
        for (JsonNode address : addresses) {
            String name = address.path("name").asText();
            String host;
            try {
                host = host(address.path("url").asText(""));
            } catch (URISyntaxException e) {
                return Future.failedFuture(
                        ApiException.unknown("parse \"" + address.path("url").asText("") + "\": " + e.getMessage()));
            }
            clusters.add(new MultiClusterKubeconfig.Cluster(
                    authName + "-" + name,
                    "https://" + host,
                    WILDCARD_TLS_SEED_BOUND.equals(name) ? null : ca.clusterCaBundle()));
        }
        String commonName = flavor.commonName(user.name());
        // Key generation and signing are CPU work: never on the event loop.
        return vertx.executeBlocking(
                () -> {
                    IssuedCertificate certificate =
                            ca.clientCa().issueClient(commonName, List.of(group), Duration.ofSeconds(seconds));
                    String kubeconfig = new MultiClusterKubeconfig(
                                    clusters, certificate.certificateChainPem(), certificate.privateKeyPem())
                            .toYaml();
                    ObjectNode answer = request.deepCopy();
                    answer.withObjectProperty("spec").put("expirationSeconds", seconds);
                    ObjectNode status = answer.putObject("status");
                    status.put(
                            "kubeconfig",
                            Base64.getEncoder().encodeToString(kubeconfig.getBytes(StandardCharsets.UTF_8)));
                    status.put(
                            "expirationTimestamp",
                            Time.of(certificate.certificate().getNotAfter().toInstant())
                                    .toJson());
                    return ModelCodec.canonical(answer, flavor.model());
                },
                false);
    }

    /** The requested seconds, at most the flavor's maximum. */
    long capped(KubeconfigFlavor flavor, long requested) {
        long max = (flavor == KubeconfigFlavor.ADMIN ? adminMaxExpiration : viewerMaxExpiration).toSeconds();
        return max > 0 && requested > max ? max : requested;
    }

    /** Go's {@code url.URL.Host}: host and port, without user info; empty for a URL without authority. */
    static String host(String url) throws URISyntaxException {
        String authority = new URI(url).getRawAuthority();
        if (authority == null) {
            return "";
        }
        int at = authority.lastIndexOf('@');
        return at < 0 ? authority : authority.substring(at + 1);
    }
}
