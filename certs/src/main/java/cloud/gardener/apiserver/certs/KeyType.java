package cloud.gardener.apiserver.certs;

/** The key types we generate; both are accepted by Go (kubectl, kube-aggregator) and by Netty/Vert.x. */
public enum KeyType {
    RSA_2048("RSA", "SHA256withRSA"),
    EC_P256("EC", "SHA256withECDSA");

    private final String algorithm;
    private final String signatureAlgorithm;

    KeyType(String algorithm, String signatureAlgorithm) {
        this.algorithm = algorithm;
        this.signatureAlgorithm = signatureAlgorithm;
    }

    /** The JCA key algorithm name ({@code RSA} or {@code EC}). */
    public String algorithm() {
        return algorithm;
    }

    /** The JCA signature algorithm a key of this type signs certificates with. */
    public String signatureAlgorithm() {
        return signatureAlgorithm;
    }

    /** The type of an existing key (RSA of any size counts as {@link #RSA_2048} for signing purposes). */
    public static KeyType of(java.security.Key key) {
        return switch (key.getAlgorithm()) {
            case "RSA" -> RSA_2048;
            case "EC" -> EC_P256;
            default -> throw new PkiException("unsupported key algorithm " + key.getAlgorithm());
        };
    }
}
