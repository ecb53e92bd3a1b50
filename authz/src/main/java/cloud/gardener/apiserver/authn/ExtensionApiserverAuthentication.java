package cloud.gardener.apiserver.authn;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.delegation.KubeApiException;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * What kube-apiserver publishes for extension API servers in {@code kube-system/extension-apiserver-authentication}:
 * the client CA ({@code client-ca-file}) and the front-proxy settings ({@code requestheader-client-ca-file},
 * {@code requestheader-allowed-names}, {@code requestheader-username-headers}, {@code requestheader-uid-headers},
 * {@code requestheader-group-headers}, {@code requestheader-extra-headers-prefix}; the lists are JSON arrays
 * in strings). A missing key is an empty value; a missing ConfigMap is an empty publication.
 *
 * @param clientCa      the client CA bundle, empty when not published
 * @param requestHeader the front-proxy settings; disabled when no request-header CA is published
 */
public record ExtensionApiserverAuthentication(List<X509Certificate> clientCa, RequestHeaderConfig requestHeader) {

    public static final String NAMESPACE = "kube-system";
    public static final String NAME = "extension-apiserver-authentication";
    static final String PATH = "/api/v1/namespaces/" + NAMESPACE + "/configmaps/" + NAME;

    public ExtensionApiserverAuthentication {
        clientCa = clientCa == null ? List.of() : List.copyOf(clientCa);
        requestHeader = requestHeader == null ? RequestHeaderConfig.disabled() : requestHeader;
    }

    public static ExtensionApiserverAuthentication empty() {
        return new ExtensionApiserverAuthentication(List.of(), RequestHeaderConfig.disabled());
    }

    /** Reads the ConfigMap; a 404 gives {@link #empty()}, other failures fail the future. */
    public static Future<ExtensionApiserverAuthentication> fetch(KubeApiClient client) {
        return client.get(PATH)
                .map(ExtensionApiserverAuthentication::fromConfigMap)
                .recover(error -> error instanceof KubeApiException e && e.status() == 404
                        ? Future.succeededFuture(empty())
                        : Future.failedFuture(error));
    }

    /**
     * Reads the published {@code extension-apiserver-authentication} ConfigMap.
     *
     * @throws IllegalArgumentException when a CA bundle or a list does not parse
     */
    public static ExtensionApiserverAuthentication fromConfigMap(JsonNode configMap) {
        JsonNode data = configMap.path("data");
        List<X509Certificate> clientCa = certificates(data, "client-ca-file");
        RequestHeaderConfig requestHeader = new RequestHeaderConfig(
                certificates(data, "requestheader-client-ca-file"),
                list(data, "requestheader-allowed-names"),
                list(data, "requestheader-username-headers"),
                list(data, "requestheader-uid-headers"),
                list(data, "requestheader-group-headers"),
                list(data, "requestheader-extra-headers-prefix"));
        return new ExtensionApiserverAuthentication(clientCa, requestHeader);
    }

    private static List<X509Certificate> certificates(JsonNode data, String key) {
        String pem = data.path(key).asText("");
        if (pem.isBlank()) {
            return List.of();
        }
        try {
            return Pem.readCertificates(pem);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(key + " of " + NAMESPACE + "/" + NAME + ": " + e.getMessage(), e);
        }
    }

    private static List<String> list(JsonNode data, String key) {
        String text = data.path(key).asText("");
        if (text.isBlank()) {
            return List.of();
        }
        JsonNode array;
        try {
            array = Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(
                    key + " of " + NAMESPACE + "/" + NAME + " is not a JSON array: " + e.getMessage(), e);
        }
        if (array == null || !array.isArray()) {
            throw new IllegalArgumentException(key + " of " + NAMESPACE + "/" + NAME + " is not a JSON array");
        }
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
