package cloud.gardener.apiserver.storage.etcd3;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Client-facing TLS of an {@link EtcdProcess}: etcd serves {@code https} with this certificate and,
 * when {@code trustedCaFile} is set, accepts only clients with a certificate that CA signed
 * ({@code --client-cert-auth}).
 *
 * @param certFile      etcd's serving certificate (PEM)
 * @param keyFile       its private key (PEM)
 * @param trustedCaFile CA bundle for client certificates, or null to accept any client
 */
public record EtcdTls(Path certFile, Path keyFile, Path trustedCaFile) {

    public EtcdTls {
        Objects.requireNonNull(certFile, "certFile");
        Objects.requireNonNull(keyFile, "keyFile");
    }
}
