package cloud.gardener.apiserver.testing;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.IssuedCertificate;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

/** A small HTTPS client for tests (java.net.http, HTTP/2 when offered), with or without a client certificate. */
public final class TestClient {

    /** A response: status, headers and body text, with the body parsed as JSON on demand. */
    public record Response(int status, HttpHeaders headers, String body) {

        public JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON (" + status + "): " + body, e);
            }
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    private final String baseUrl;
    private final SSLContext ssl;
    private final HttpClient http;

    private TestClient(String baseUrl, SSLContext ssl) {
        this(baseUrl, ssl, HttpClient.Version.HTTP_2);
    }

    private TestClient(String baseUrl, SSLContext ssl, HttpClient.Version version) {
        this.baseUrl = baseUrl;
        this.ssl = ssl;
        this.http = HttpClient.newBuilder()
                .sslContext(ssl)
                .version(version)
                .connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /**
     * The same credentials on a client of its own that speaks {@code version} (HTTP/2 is the default, where the
     * server offers it); each client keeps its connections, so its requests share them.
     */
    public TestClient withVersion(HttpClient.Version version) {
        return new TestClient(baseUrl, ssl, version);
    }

    public static TestClient withCertificate(String baseUrl, X509Certificate trusted, IssuedCertificate client) {
        return new TestClient(baseUrl, sslContext(trusted, client));
    }

    /**
     * A client that presents its certificate even when the server names other acceptable issuers, as curl
     * does (Java, like Go, otherwise sends no certificate and the request becomes anonymous).
     */
    public static TestClient withCertificateAlwaysSent(
            String baseUrl, X509Certificate trusted, IssuedCertificate client) {
        X509ExtendedKeyManager delegate = (X509ExtendedKeyManager) keyManagers(client)[0];
        X509ExtendedKeyManager any = new X509ExtendedKeyManager() {
            @Override
            public String[] getClientAliases(String keyType, java.security.Principal[] issuers) {
                return delegate.getClientAliases(keyType, null);
            }

            @Override
            public String chooseClientAlias(
                    String[] keyType, java.security.Principal[] issuers, java.net.Socket socket) {
                return delegate.chooseClientAlias(keyType, null, socket);
            }

            @Override
            public String chooseEngineClientAlias(
                    String[] keyType, java.security.Principal[] issuers, javax.net.ssl.SSLEngine engine) {
                return delegate.chooseEngineClientAlias(keyType, null, engine);
            }

            @Override
            public String[] getServerAliases(String keyType, java.security.Principal[] issuers) {
                return null;
            }

            @Override
            public String chooseServerAlias(String keyType, java.security.Principal[] issuers, java.net.Socket socket) {
                return null;
            }

            @Override
            public X509Certificate[] getCertificateChain(String alias) {
                return delegate.getCertificateChain(alias);
            }

            @Override
            public java.security.PrivateKey getPrivateKey(String alias) {
                return delegate.getPrivateKey(alias);
            }
        };
        return new TestClient(baseUrl, sslContext(new KeyManager[] {any}, trusted));
    }

    public static TestClient anonymous(String baseUrl, X509Certificate trusted) {
        return new TestClient(baseUrl, sslContext(trusted, null));
    }

    private static SSLContext sslContext(X509Certificate trusted, IssuedCertificate client) {
        return sslContext(client == null ? null : keyManagers(client), trusted);
    }

    private static SSLContext sslContext(KeyManager[] keyManagers, X509Certificate trusted) {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", trusted);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(keyManagers, tmf.getTrustManagers(), null);
            return ctx;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyManager[] keyManagers(IssuedCertificate client) {
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry(
                    "client", client.privateKey(), new char[0], client.chain().toArray(Certificate[]::new));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, new char[0]);
            return kmf.getKeyManagers();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public Response get(String path) {
        return send("GET", path, null, Map.of());
    }

    public Response get(String path, Map<String, String> headers) {
        return send("GET", path, null, headers);
    }

    public Response post(String path, Object body) {
        return send("POST", path, body, Map.of());
    }

    public Response put(String path, Object body) {
        return send("PUT", path, body, Map.of());
    }

    public Response patch(String path, String contentType, Object body) {
        return send("PATCH", path, body, Map.of("Content-Type", contentType));
    }

    public Response delete(String path) {
        return send("DELETE", path, null, Map.of());
    }

    public Response delete(String path, Object body) {
        return send("DELETE", path, body, Map.of());
    }

    /**
     * Sends a request. A String body is sent as is, anything else as JSON; Content-Type defaults to
     * application/json when there is a body.
     */
    public Response send(String method, String path, Object body, Map<String, String> headers) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        HttpRequest.BodyPublisher publisher = HttpRequest.BodyPublishers.noBody();
        if (body != null) {
            byte[] bytes = body instanceof String s
                    ? s.getBytes(StandardCharsets.UTF_8)
                    : body instanceof byte[] b ? b : Json.toBytes(body);
            publisher = HttpRequest.BodyPublishers.ofByteArray(bytes);
            all.putIfAbsent("Content-Type", "application/json");
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, publisher);
        all.forEach(builder::header);
        try {
            HttpResponse<String> resp = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(resp.statusCode(), resp.headers(), resp.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request whose body and answer are binary (protobuf), both as they are. */
    public HttpResponse<byte[]> exchange(String method, String path, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        try {
            return http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A GET whose body is binary (protobuf), returned as is. */
    public HttpResponse<byte[]> getBytes(String path, Map<String, String> headers) {
        return bytes("GET", path, headers);
    }

    /** A request without a body (GET, HEAD) whose answer is returned as it is, bytes and headers. */
    public HttpResponse<byte[]> bytes(String method, String path, Map<String, String> headers) {
        try {
            return http.send(bodyless(method, path, headers), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@link #bytes} without waiting: requests sent together share this client's HTTP/2 connection. */
    public CompletableFuture<HttpResponse<byte[]>> bytesAsync(String method, String path, Map<String, String> headers) {
        return http.sendAsync(bodyless(method, path, headers), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpRequest bodyless(String method, String path, Map<String, String> headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(builder::header);
        return builder.build();
    }

    /**
     * Opens a watch (or any streaming GET) and returns its lines as they arrive; close the stream to
     * end it. The status and headers are checked by the caller through {@link #openStream}.
     */
    public HttpResponse<Stream<String>> openStream(String path, Map<String, String> headers) {
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(URI.create(baseUrl + path)).GET();
        headers.forEach(builder::header);
        try {
            return http.send(builder.build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
