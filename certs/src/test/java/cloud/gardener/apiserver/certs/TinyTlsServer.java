package cloud.gardener.apiserver.certs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * A JDK-only HTTPS server that requires a client certificate from {@code clientCa} and answers
 * every request with 200 "ok", recording the client certificates' subjects. Test use only.
 */
final class TinyTlsServer implements AutoCloseable {

    private final SSLServerSocket socket;
    private final Thread acceptor;
    final List<String> clientSubjects = new CopyOnWriteArrayList<>();

    TinyTlsServer(IssuedCertificate serving, X509Certificate clientCa) throws Exception {
        char[] password = "test".toCharArray();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry(
                "serving", serving.privateKey(), password, serving.chain().toArray(Certificate[]::new));
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, password);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("client-ca", clientCa);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
        socket = (SSLServerSocket)
                context.getServerSocketFactory().createServerSocket(0, 10, InetAddress.getLoopbackAddress());
        socket.setNeedClientAuth(true);
        acceptor = new Thread(this::serve, "tiny-tls-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "https://127.0.0.1:" + socket.getLocalPort();
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                SSLSocket tls = (SSLSocket) connection;
                tls.startHandshake();
                clientSubjects.add(((X509Certificate) tls.getSession().getPeerCertificates()[0])
                        .getSubjectX500Principal()
                        .getName());
                readHeaders(tls.getInputStream());
                OutputStream out = tls.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n"
                                + "Connection: close\r\n\r\nok")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                // A failed handshake is the client's problem; the test reads kubectl's output.
            }
        }
    }

    private static void readHeaders(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
