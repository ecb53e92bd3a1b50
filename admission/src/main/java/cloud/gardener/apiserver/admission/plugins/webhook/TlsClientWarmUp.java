package cloud.gardener.apiserver.admission.plugins.webhook;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLException;

/**
 * Does once, on the calling (worker) thread, what Vert.x would otherwise do on an event loop at a TLS client's first
 * connection: initialize the JDK's and Netty's TLS classes, read the system roots, and parse the trust bundle.
 */
final class TlsClientWarmUp {

    private TlsClientWarmUp() {}

    /** @param caBundlePem the PEM certificates a client trusts, or "" for the system roots */
    static void trusting(String caBundlePem) {
        SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(SslProvider.JDK);
        try {
            if (!caBundlePem.isEmpty()) {
                builder.trustManager(new ByteArrayInputStream(caBundlePem.getBytes(StandardCharsets.US_ASCII)));
            }
            builder.build().newEngine(ByteBufAllocator.DEFAULT);
        } catch (SSLException | IllegalArgumentException e) {
            // an unreadable bundle: the call itself fails with Vert.x's words for it
        }
    }
}
