package cloud.gardener.apiserver.certs;

import org.bouncycastle.asn1.x509.KeyPurposeId;

/** The extended key usages our certificates carry. */
@SuppressWarnings("ImmutableEnumChecker") // BouncyCastle's KeyPurposeId constants are immutable, just not annotated
public enum KeyPurpose {
    SERVER_AUTH(KeyPurposeId.id_kp_serverAuth),
    CLIENT_AUTH(KeyPurposeId.id_kp_clientAuth);

    private final KeyPurposeId id;

    KeyPurpose(KeyPurposeId id) {
        this.id = id;
    }

    KeyPurposeId id() {
        return id;
    }

    /** The dotted OID, as {@link java.security.cert.X509Certificate#getExtendedKeyUsage()} lists it. */
    public String oid() {
        return id.getId();
    }
}
