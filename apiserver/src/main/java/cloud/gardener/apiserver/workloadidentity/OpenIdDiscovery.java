package cloud.gardener.apiserver.workloadidentity;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import java.util.List;
import java.util.TreeSet;

/**
 * The issuer's OpenID Connect discovery documents, as Gardener's {@code workloadidentity.OpenIDConfig} and
 * {@code JWKS} compute them for the discovery server: the configuration names the issuer, {@code <issuer>/jwks},
 * {@code id_token} responses, {@code public} subjects and the sorted signing algorithms; the JWKS lists each
 * public key with {@code use: sig}, {@code alg} and {@code kid}.
 */
public final class OpenIdDiscovery {

    /** The well-known path below the issuer path. */
    public static final String CONFIGURATION_PATH = "/.well-known/openid-configuration";
    /** The key set path below the issuer path. */
    public static final String JWKS_PATH = "/jwks";

    private OpenIdDiscovery() {}

    public static ObjectNode configuration(String issuer, List<SigningKey> keys) {
        ObjectNode doc = Json.MAPPER.createObjectNode();
        doc.put("issuer", issuer);
        doc.put("jwks_uri", issuer + JWKS_PATH);
        doc.putArray("response_types_supported").add("id_token");
        doc.putArray("subject_types_supported").add("public");
        TreeSet<String> algorithms = new TreeSet<>();
        keys.forEach(k -> algorithms.add(k.algorithm().getName()));
        algorithms.forEach(doc.putArray("id_token_signing_alg_values_supported")::add);
        return doc;
    }

    /** The JWKS document (public parameters only). */
    public static String jwks(List<SigningKey> keys) {
        List<JWK> jwks = keys.stream().map(SigningKey::publicJwk).toList();
        return new JWKSet(jwks).toString(true);
    }

    /**
     * The path part of the issuer URL without a trailing slash, under which the documents are served
     * ({@code https://host/garden/workload-identity/issuer} → {@code /garden/workload-identity/issuer}).
     */
    public static String issuerPath(String issuer) {
        String path = java.net.URI.create(issuer).getRawPath();
        if (path == null) {
            return "";
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path;
    }
}
