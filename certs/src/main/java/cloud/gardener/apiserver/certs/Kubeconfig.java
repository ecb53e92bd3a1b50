package cloud.gardener.apiserver.certs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Objects;

/**
 * A kubeconfig ({@code apiVersion: v1, kind: Config}) with one cluster, one user and one context that
 * is also the current context. Credentials are inline ({@code *-data} fields, base64 of the PEM). Read from a
 * file, it is the current context's cluster and user with every field client-go honours for a client of
 * kube-apiserver; how they become an HTTP client is {@code delegation.KubeconfigTransport}'s business.
 *
 * @param clusterName             name of the cluster entry
 * @param server                  the API server URL, e.g. {@code https://127.0.0.1:6443}
 * @param certificateAuthorityPem CA bundle that verifies the server, or {@code null} for the system roots
 * @param userName                name of the user entry
 * @param clientCertificatePem    client certificate chain, or {@code null}
 * @param clientKeyPem            client private key, or {@code null}
 * @param token                   bearer token, or {@code null}
 * @param contextName             name of the context (and the current context)
 * @param namespace               the context's default namespace, or {@code null}
 * @param insecureSkipTlsVerify   {@code insecure-skip-tls-verify}: the server's certificate is not verified
 * @param tlsServerName           {@code tls-server-name}: the name the server's certificate is verified against (and
 *                                sent as SNI) instead of the URL's host, or {@code null}
 * @param proxyUrl                {@code proxy-url}: the proxy requests go through, or {@code null}
 * @param tokenFile               {@code tokenFile}, resolved: a file whose token is read again while the client runs,
 *                                taking precedence over {@code token} as in client-go, or {@code null}
 */
public record Kubeconfig(
        String clusterName,
        String server,
        String certificateAuthorityPem,
        String userName,
        String clientCertificatePem,
        String clientKeyPem,
        String token,
        String contextName,
        String namespace,
        boolean insecureSkipTlsVerify,
        String tlsServerName,
        String proxyUrl,
        Path tokenFile) {

    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build());

    public Kubeconfig {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(userName, "userName");
        Objects.requireNonNull(contextName, "contextName");
        if ((clientCertificatePem == null) != (clientKeyPem == null)) {
            throw new IllegalArgumentException("client certificate and client key go together");
        }
    }

    /** A kubeconfig with only the fields this server writes: server, CA, credentials and namespace. */
    public Kubeconfig(
            String clusterName,
            String server,
            String certificateAuthorityPem,
            String userName,
            String clientCertificatePem,
            String clientKeyPem,
            String token,
            String contextName,
            String namespace) {
        this(
                clusterName,
                server,
                certificateAuthorityPem,
                userName,
                clientCertificatePem,
                clientKeyPem,
                token,
                contextName,
                namespace,
                false,
                null,
                null,
                null);
    }

    /** Cluster, user and context all named {@code name}; the user authenticates with a client certificate. */
    public static Kubeconfig forClientCertificate(
            String name, String server, String certificateAuthorityPem, IssuedCertificate client) {
        return new Kubeconfig(
                name,
                server,
                certificateAuthorityPem,
                name,
                client.certificateChainPem(),
                client.privateKeyPem(),
                null,
                name,
                null);
    }

    /** Cluster, user and context all named {@code name}; the user authenticates with a bearer token. */
    public static Kubeconfig forToken(String name, String server, String certificateAuthorityPem, String token) {
        return new Kubeconfig(name, server, certificateAuthorityPem, name, null, null, token, name, null);
    }

    public Kubeconfig withNamespace(String newNamespace) {
        return new Kubeconfig(
                clusterName,
                server,
                certificateAuthorityPem,
                userName,
                clientCertificatePem,
                clientKeyPem,
                token,
                contextName,
                newNamespace,
                insecureSkipTlsVerify,
                tlsServerName,
                proxyUrl,
                tokenFile);
    }

    /** The YAML document, as {@code kubectl --kubeconfig} reads it. */
    public String toYaml() {
        ObjectNode root = YAML.createObjectNode();
        root.put("apiVersion", "v1");
        root.put("kind", "Config");
        ObjectNode cluster =
                root.putArray("clusters").addObject().put("name", clusterName).putObject("cluster");
        cluster.put("server", server);
        if (certificateAuthorityPem != null) {
            cluster.put("certificate-authority-data", base64(certificateAuthorityPem));
        }
        if (insecureSkipTlsVerify) {
            cluster.put("insecure-skip-tls-verify", true);
        }
        if (tlsServerName != null) {
            cluster.put("tls-server-name", tlsServerName);
        }
        if (proxyUrl != null) {
            cluster.put("proxy-url", proxyUrl);
        }
        ObjectNode context =
                root.putArray("contexts").addObject().put("name", contextName).putObject("context");
        context.put("cluster", clusterName);
        context.put("user", userName);
        if (namespace != null && !namespace.isEmpty()) {
            context.put("namespace", namespace);
        }
        root.put("current-context", contextName);
        root.putObject("preferences");
        ObjectNode user =
                root.putArray("users").addObject().put("name", userName).putObject("user");
        if (clientCertificatePem != null) {
            user.put("client-certificate-data", base64(clientCertificatePem));
            user.put("client-key-data", base64(clientKeyPem));
        }
        if (token != null) {
            user.put("token", token);
        }
        if (tokenFile != null) {
            user.put("tokenFile", tokenFile.toString());
        }
        try {
            return YAML.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new PkiException("cannot render kubeconfig", e);
        }
    }

    /** Writes {@link #toYaml()} to {@code file}, readable by the owner only where the file system allows. */
    public void write(Path file) throws IOException {
        SecureFiles.writeAtomically(file, toYaml().getBytes(StandardCharsets.UTF_8), true);
    }

    /**
     * Reads the current context of a kubeconfig. Inline {@code *-data} fields win over the file references
     * ({@code certificate-authority}, {@code client-certificate}, {@code client-key}); {@code tokenFile} is read
     * now and kept for reading again; relative file paths resolve against {@code baseDirectory}, as client-go
     * resolves them against the kubeconfig's directory.
     */
    public static Kubeconfig parse(String yaml, Path baseDirectory) {
        try {
            JsonNode root = YAML.readTree(yaml);
            if (root == null || !root.isObject()) {
                throw new PkiException("kubeconfig is not a YAML mapping");
            }
            String contextName = root.path("current-context").asText("");
            JsonNode context = named(root.path("contexts"), contextName, "context");
            String clusterName = context.path("cluster").asText("");
            String userName = context.path("user").asText("");
            JsonNode cluster = named(root.path("clusters"), clusterName, "cluster");
            JsonNode user = named(root.path("users"), userName, "user");
            String namespace = context.path("namespace").asText(null);
            String server = cluster.path("server").asText(null);
            if (server == null) {
                throw new PkiException("cluster " + clusterName + " has no server");
            }
            String token = text(user, "token");
            Path tokenFile = null;
            if (text(user, "tokenFile") != null) {
                tokenFile = resolve(baseDirectory, user.get("tokenFile").asText());
                if (token == null) {
                    token = Files.readString(tokenFile, StandardCharsets.UTF_8).trim();
                }
            }
            return new Kubeconfig(
                    clusterName,
                    server,
                    pem(cluster, "certificate-authority", baseDirectory),
                    userName,
                    pem(user, "client-certificate", baseDirectory),
                    pem(user, "client-key", baseDirectory),
                    token,
                    contextName,
                    namespace,
                    cluster.path("insecure-skip-tls-verify").asBoolean(false),
                    text(cluster, "tls-server-name"),
                    text(cluster, "proxy-url"),
                    tokenFile);
        } catch (IOException e) {
            throw new PkiException("cannot read kubeconfig: " + e.getMessage(), e);
        }
    }

    /** A field's text; absent, null and empty are all unset, as Go's zero value. */
    private static String text(JsonNode section, String field) {
        String value = section.path(field).asText("");
        return value.isEmpty() ? null : value;
    }

    /** Reads a kubeconfig file; relative paths inside it resolve against its directory. */
    public static Kubeconfig read(Path file) throws IOException {
        Path base = file.toAbsolutePath().getParent();
        return parse(Files.readString(file, StandardCharsets.UTF_8), base);
    }

    private static JsonNode named(JsonNode entries, String name, String field) {
        if (entries instanceof ArrayNode array) {
            for (JsonNode entry : array) {
                if (name.equals(entry.path("name").asText())) {
                    return entry.path(field);
                }
            }
        }
        throw new PkiException("kubeconfig has no " + field + " named \"" + name + "\"");
    }

    private static String pem(JsonNode section, String field, Path baseDirectory) throws IOException {
        if (text(section, field + "-data") != null) {
            return new String(
                    Base64.getMimeDecoder().decode(section.get(field + "-data").asText()), StandardCharsets.UTF_8);
        }
        if (text(section, field) != null) {
            return Files.readString(resolve(baseDirectory, section.get(field).asText()), StandardCharsets.UTF_8);
        }
        return null;
    }

    private static Path resolve(Path baseDirectory, String file) {
        Path path = Path.of(file);
        if (!path.isAbsolute() && baseDirectory != null) {
            path = baseDirectory.resolve(path);
        }
        return path;
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.UTF_8));
    }
}
