package cloud.gardener.apiserver.workloadidentity;

import cloud.gardener.apiserver.certs.Keys;
import cloud.gardener.apiserver.certs.Pem;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import java.util.Objects;

/**
 * The key workload identity tokens are signed with ({@code --workload-identity-signing-key-file}), as Gardener's
 * {@code workloadidentity.getSigner}: RSA signs RS256, ECDSA on P-256, P-384 and P-521 signs ES256, ES384 and
 * ES512. The key id is the unpadded base64url SHA-256 of the public key's PKIX (SubjectPublicKeyInfo) DER.
 *
 * @param privateKey signs
 * @param publicKey  verifies; published in the JWKS
 * @param algorithm  the JWS algorithm the key type implies
 * @param keyId      the {@code kid} header and JWK id
 */
public record SigningKey(PrivateKey privateKey, PublicKey publicKey, JWSAlgorithm algorithm, String keyId) {

    public SigningKey {
        Objects.requireNonNull(privateKey, "privateKey");
        Objects.requireNonNull(publicKey, "publicKey");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(keyId, "keyId");
    }

    /** The signing key of a PEM text holding an RSA or ECDSA private key (PKCS#8, PKCS#1 or SEC1). */
    public static SigningKey fromPem(String pem) {
        return of(Pem.readPrivateKey(pem));
    }

    /**
     * Returns the signing key for a private key, with the JWS algorithm that fits it.
     *
     * @throws IllegalArgumentException for key types or curves no JWS algorithm fits
     */
    public static SigningKey of(PrivateKey privateKey) {
        PublicKey publicKey = Keys.publicKeyOf(privateKey);
        return new SigningKey(privateKey, publicKey, algorithmOf(publicKey), keyId(publicKey));
    }

    /** Gardener's {@code getAlg}: RS256 for any RSA key, ES256/384/512 by curve. */
    static JWSAlgorithm algorithmOf(PublicKey publicKey) {
        if (publicKey instanceof RSAPublicKey) {
            return JWSAlgorithm.RS256;
        }
        if (publicKey instanceof ECPublicKey ec) {
            Curve curve = Curve.forECParameterSpec(ec.getParams());
            if (Curve.P_256.equals(curve)) {
                return JWSAlgorithm.ES256;
            }
            if (Curve.P_384.equals(curve)) {
                return JWSAlgorithm.ES384;
            }
            if (Curve.P_521.equals(curve)) {
                return JWSAlgorithm.ES512;
            }
            throw new IllegalArgumentException("unknown ecdsa key curve, must be 256, 384, or 521");
        }
        throw new IllegalArgumentException(
                "unknown public key type " + publicKey.getAlgorithm() + ", must be RSA or ECDSA");
    }

    /** base64url (unpadded) of SHA-256 over the PKIX DER of the public key. */
    static String keyId(PublicKey publicKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(publicKey.getEncoded());
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }

    JWSSigner signer() {
        try {
            return publicKey instanceof RSAPublicKey
                    ? new RSASSASigner(privateKey)
                    : new ECDSASigner((ECPrivateKey) privateKey);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("cannot sign with this key: " + e.getMessage(), e);
        }
    }

    /** The public key as a JWK with {@code use: sig}, {@code alg} and {@code kid}. */
    public JWK publicJwk() {
        if (publicKey instanceof RSAPublicKey rsa) {
            return new RSAKey.Builder(rsa)
                    .keyUse(KeyUse.SIGNATURE)
                    .algorithm(algorithm)
                    .keyID(keyId)
                    .build();
        }
        ECPublicKey ec = (ECPublicKey) publicKey;
        return new ECKey.Builder(Curve.forECParameterSpec(ec.getParams()), ec)
                .keyUse(KeyUse.SIGNATURE)
                .algorithm(algorithm)
                .keyID(keyId)
                .build();
    }
}
