package cloud.gardener.apiserver.authn;

import cloud.gardener.apiserver.certs.CertificateIdentifiers;
import cloud.gardener.apiserver.certs.SubjectNames;
import cloud.gardener.apiserver.certs.verify.CertificateVerificationException;
import cloud.gardener.apiserver.certs.verify.ClientCertificateVerifier;
import cloud.gardener.apiserver.certs.verify.PresentedCertificates;
import io.vertx.core.Future;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Client-certificate authentication against the client-ca bundle ({@code --client-ca-file} or the
 * {@code client-ca-file} key of {@code extension-apiserver-authentication}), as k8s.io/apiserver's x509
 * authenticator with {@code CommonNameUserConversion}: the chain must verify for clientAuth (see
 * {@link ClientCertificateVerifier}); then CN is the user name, the O values are the groups, and the
 * certificate's SHA-256 is recorded as the credential ID.
 *
 * <p>No certificate, no configured CA, or an empty CN: not applicable. A certificate that does not verify:
 * failed. The CA bundle is read through a supplier on every request so that it can rotate at runtime.
 *
 * <p>The user a verified leaf stands for is read from it once (its subject parsed, its digest taken) and
 * remembered: every request of a connection presents the same certificate.
 */
public final class X509Authenticator implements Authenticator {

    /** Distinct certificates whose users are remembered; past this the memory starts again. */
    private static final int REMEMBERED_USERS = 1024;

    private final Supplier<ClientCertificateVerifier> verifier;
    private final Clock clock;
    private final Map<X509Certificate, Optional<UserInfo>> users = new ConcurrentHashMap<>();
    /** The same, by the identity of the presented leaf: looked up first ({@link PresentedCertificates}). */
    private final PresentedCertificates<Optional<UserInfo>> presented = new PresentedCertificates<>();

    public X509Authenticator(Supplier<ClientCertificateVerifier> verifier, Clock clock) {
        this.verifier = Objects.requireNonNull(verifier, "verifier");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A fixed CA bundle and the system clock. */
    public static X509Authenticator forClientCa(Collection<X509Certificate> clientCa) {
        ClientCertificateVerifier fixed = new ClientCertificateVerifier(clientCa);
        return new X509Authenticator(() -> fixed, Clock.systemUTC());
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        return Future.succeededFuture(authenticateNow(request.peerCertificates()));
    }

    private AuthenticationResult authenticateNow(List<X509Certificate> chain) {
        ClientCertificateVerifier current = verifier.get();
        if (chain.isEmpty() || current == null || current.isEmpty()) {
            return AuthenticationResult.notApplicable();
        }
        X509Certificate leaf = chain.get(0);
        try {
            current.verify(chain, clock.instant());
        } catch (CertificateVerificationException e) {
            return AuthenticationResult.failed(
                    "verifying certificate " + CertificateIdentifiers.describe(leaf) + " failed: " + e.getMessage());
        }
        List<X509Certificate> leafOnly = chain.subList(0, 1);
        Optional<UserInfo> user = presented.get(leafOnly);
        if (user == null) {
            user = users.get(leaf);
            if (user == null) {
                user = userOf(leaf);
                if (users.size() >= REMEMBERED_USERS) {
                    users.clear();
                }
                users.put(leaf, user);
            }
            presented.put(leafOnly, user);
        }
        return user.map(AuthenticationResult::authenticated).orElseGet(AuthenticationResult::notApplicable);
    }

    /** CN is the user name, the O values the groups; none for an empty CN. */
    private static Optional<UserInfo> userOf(X509Certificate leaf) {
        String commonName = SubjectNames.commonName(leaf);
        if (commonName.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new UserInfo(
                commonName,
                "",
                SubjectNames.organizations(leaf),
                Map.of(UserInfo.CREDENTIAL_ID_KEY, List.of(CertificateIdentifiers.credentialId(leaf)))));
    }
}
