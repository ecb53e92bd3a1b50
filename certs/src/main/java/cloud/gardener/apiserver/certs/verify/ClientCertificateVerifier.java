package cloud.gardener.apiserver.certs.verify;

import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.cert.CertPathBuilder;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertStore;
import java.security.cert.CertificateParsingException;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXCertPathBuilderResult;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verifies a TLS client's certificate chain against a CA bundle the way Go's
 * {@code x509.Certificate.Verify} does for k8s.io/apiserver's x509 and request-header authenticators:
 * the leaf must chain (PKIX, no revocation checks) to one of the roots, using intermediates from the
 * presented chain; every certificate on the path, root included, must be valid at the given time; and
 * the path must be usable for {@code clientAuth} (Go's rule: a certificate without an EKU extension
 * allows every usage, one with {@code anyExtendedKeyUsage} too, otherwise it must list clientAuth).
 *
 * <p>Every request of a connection presents the same chain, and building a PKIX path (a signature check per
 * certificate and the builder's machinery) cost more than the rest of a GET: a chain verified once is therefore
 * remembered with its path, and answers the same again while every certificate of that path is valid. Nothing
 * else the outcome depends on can change: the roots are fixed per verifier (a new bundle is a new verifier),
 * revocation is not checked, and key usages are part of the certificates.
 */
public final class ClientCertificateVerifier {

    static final String CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
    static final String ANY_EXTENDED_KEY_USAGE = "2.5.29.37.0";

    /** Distinct chains remembered; past this the memory starts again (clients are far fewer than this). */
    static final int REMEMBERED_CHAINS = 1024;

    private final Set<TrustAnchor> anchors;
    private final List<X509Certificate> roots;
    private final Map<List<X509Certificate>, Verified> verified = new ConcurrentHashMap<>();
    /** The same, by the identity of the presented certificates: looked up first ({@link PresentedCertificates}). */
    private final PresentedCertificates<Verified> presented = new PresentedCertificates<>();

    /** A verified path and the instants between which all of its certificates are valid. */
    private record Verified(List<X509Certificate> path, Instant notBefore, Instant notAfter) {
        boolean validAt(Instant at) {
            return !at.isBefore(notBefore) && !at.isAfter(notAfter);
        }
    }

    public ClientCertificateVerifier(Collection<X509Certificate> roots) {
        this.roots = List.copyOf(roots);
        Set<TrustAnchor> set = new HashSet<>();
        for (X509Certificate root : this.roots) {
            set.add(new TrustAnchor(root, null));
        }
        this.anchors = Set.copyOf(set);
    }

    /** The CA bundle this verifier trusts. */
    public List<X509Certificate> roots() {
        return roots;
    }

    /** Whether there is no CA to verify against (then nothing can verify). */
    public boolean isEmpty() {
        return roots.isEmpty();
    }

    /**
     * Verifies {@code chain} (leaf first) at {@code at}.
     *
     * @return the verified path, leaf first, ending with the trusted root
     */
    public List<X509Certificate> verify(List<X509Certificate> chain, Instant at)
            throws CertificateVerificationException {
        if (chain.isEmpty()) {
            throw new CertificateVerificationException("x509: no certificate presented");
        }
        if (anchors.isEmpty()) {
            throw new CertificateVerificationException("x509: certificate signed by unknown authority");
        }
        Verified known = presented.get(chain);
        if (known == null) {
            known = verified.get(chain);
            if (known != null) {
                presented.put(chain, known);
            }
        }
        if (known != null && known.validAt(at)) {
            return known.path();
        }
        X509Certificate leaf = chain.get(0);
        checkValidity(leaf, at);
        List<X509Certificate> path = buildPath(chain, at);
        for (X509Certificate certificate : path) {
            checkValidity(certificate, at);
        }
        checkClientAuthUsage(path);
        remember(chain, path);
        return path;
    }

    private void remember(List<X509Certificate> chain, List<X509Certificate> path) {
        Instant notBefore = Instant.MIN;
        Instant notAfter = Instant.MAX;
        for (X509Certificate certificate : path) {
            Instant from = certificate.getNotBefore().toInstant();
            Instant until = certificate.getNotAfter().toInstant();
            notBefore = from.isAfter(notBefore) ? from : notBefore;
            notAfter = until.isBefore(notAfter) ? until : notAfter;
        }
        if (verified.size() >= REMEMBERED_CHAINS) {
            verified.clear();
        }
        Verified known = new Verified(path, notBefore, notAfter);
        verified.put(List.copyOf(chain), known);
        presented.put(chain, known);
    }

    private List<X509Certificate> buildPath(List<X509Certificate> chain, Instant at)
            throws CertificateVerificationException {
        try {
            X509CertSelector target = new X509CertSelector();
            target.setCertificate(chain.get(0));
            PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, target);
            parameters.setRevocationEnabled(false);
            parameters.setDate(Date.from(at));
            parameters.addCertStore(CertStore.getInstance("Collection", new CollectionCertStoreParameters(chain)));
            PKIXCertPathBuilderResult result = (PKIXCertPathBuilderResult)
                    CertPathBuilder.getInstance("PKIX").build(parameters);
            List<X509Certificate> path = new ArrayList<>();
            for (var certificate : result.getCertPath().getCertificates()) {
                path.add((X509Certificate) certificate);
            }
            X509Certificate root = result.getTrustAnchor().getTrustedCert();
            if (path.isEmpty() || !path.get(path.size() - 1).equals(root)) {
                path.add(root);
            }
            return List.copyOf(path);
        } catch (CertPathBuilderException e) {
            throw new CertificateVerificationException("x509: certificate signed by unknown authority", e);
        } catch (InvalidAlgorithmParameterException e) {
            throw new CertificateVerificationException("x509: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new CertificateVerificationException("x509: " + e.getMessage(), e);
        }
    }

    private static void checkValidity(X509Certificate certificate, Instant at) throws CertificateVerificationException {
        Instant notBefore = certificate.getNotBefore().toInstant();
        Instant notAfter = certificate.getNotAfter().toInstant();
        if (at.isBefore(notBefore)) {
            throw new CertificateVerificationException(
                    "x509: certificate has expired or is not yet valid: current time " + at + " is before "
                            + notBefore);
        }
        if (at.isAfter(notAfter)) {
            throw new CertificateVerificationException(
                    "x509: certificate has expired or is not yet valid: current time " + at + " is after " + notAfter);
        }
    }

    private static void checkClientAuthUsage(List<X509Certificate> path) throws CertificateVerificationException {
        for (X509Certificate certificate : path) {
            List<String> usages;
            try {
                usages = certificate.getExtendedKeyUsage();
            } catch (CertificateParsingException e) {
                throw new CertificateVerificationException("x509: malformed extended key usage", e);
            }
            if (usages == null || usages.isEmpty() || usages.contains(ANY_EXTENDED_KEY_USAGE)) {
                continue;
            }
            if (!usages.contains(CLIENT_AUTH)) {
                throw new CertificateVerificationException("x509: certificate specifies an incompatible key usage");
            }
        }
    }
}
