package cloud.gardener.apiserver.certs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * A kubeconfig with one cluster and one context per API server address, all using one client certificate, as
 * Gardener's {@code secrets.ControlPlaneSecretConfig} renders the shoot kubeconfigs: each context is named like
 * its cluster, the single user is named after the first cluster, and the first context is current. Keys come in
 * the order Go's YAML encoder sorts them.
 *
 * @param clusters             the API server addresses, at least one
 * @param clientCertificatePem client certificate (chain), PEM
 * @param clientKeyPem         its private key, PEM
 */
public record MultiClusterKubeconfig(List<Cluster> clusters, String clientCertificatePem, String clientKeyPem) {

    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build());

    /**
     * One API server.
     *
     * @param name                    cluster and context name
     * @param server                  the URL, e.g. {@code https://api.example.com}
     * @param certificateAuthorityPem CA bundle verifying the server, or {@code null} for the system roots
     */
    public record Cluster(String name, String server, String certificateAuthorityPem) {
        public Cluster {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(server, "server");
        }
    }

    public MultiClusterKubeconfig {
        clusters = List.copyOf(clusters);
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("a kubeconfig needs at least one cluster");
        }
        Objects.requireNonNull(clientCertificatePem, "clientCertificatePem");
        Objects.requireNonNull(clientKeyPem, "clientKeyPem");
    }

    /** The name of the user entry and of the current context: the first cluster's. */
    public String currentContext() {
        return clusters.get(0).name();
    }

    public String toYaml() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("apiVersion", "v1");
        ArrayNode clusterEntries = root.putArray("clusters");
        for (Cluster cluster : clusters) {
            ObjectNode entry = clusterEntries.addObject();
            ObjectNode body = entry.putObject("cluster");
            if (cluster.certificateAuthorityPem() != null) {
                body.put("certificate-authority-data", base64(cluster.certificateAuthorityPem()));
            }
            body.put("server", cluster.server());
            entry.put("name", cluster.name());
        }
        ArrayNode contexts = root.putArray("contexts");
        for (Cluster cluster : clusters) {
            ObjectNode entry = contexts.addObject();
            entry.putObject("context").put("cluster", cluster.name()).put("user", currentContext());
            entry.put("name", cluster.name());
        }
        root.put("current-context", currentContext());
        root.put("kind", "Config");
        root.putObject("preferences");
        ObjectNode user = root.putArray("users").addObject();
        user.put("name", currentContext());
        user.putObject("user")
                .put("client-certificate-data", base64(clientCertificatePem))
                .put("client-key-data", base64(clientKeyPem));
        try {
            return YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new PkiException("cannot render kubeconfig", e);
        }
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8));
    }
}
