package cloud.gardener.apiserver.certs;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPublicKeySpec;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.asn1.x9.X9ECParameters;

/** Small key checks that are not PEM and not certificate issuance. */
public final class Keys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Keys() {}

    /** Whether {@code privateKey} is the private half of {@code publicKey} (by a signature round trip). */
    public static boolean matches(PublicKey publicKey, PrivateKey privateKey) {
        if (!publicKey.getAlgorithm().equals(privateKey.getAlgorithm())) {
            return false;
        }
        try {
            String algorithm = KeyType.of(privateKey).signatureAlgorithm();
            byte[] probe = new byte[32];
            RANDOM.nextBytes(probe);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(privateKey);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | PkiException e) {
            return false;
        }
    }

    /**
     * The public half of an RSA (CRT form, as every PEM key reads) or named-curve EC private key: signing-key
     * files hold only the private key, yet key ids and JWKS are computed from the public one.
     */
    public static PublicKey publicKeyOf(PrivateKey privateKey) {
        try {
            if (privateKey instanceof RSAPrivateCrtKey rsa) {
                return KeyFactory.getInstance("RSA")
                        .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
            }
            if (privateKey instanceof ECPrivateKey ec) {
                PrivateKeyInfo info = PrivateKeyInfo.getInstance(ec.getEncoded());
                X9ECParameters curve = ECNamedCurveTable.getByOID(ASN1ObjectIdentifier.getInstance(
                        info.getPrivateKeyAlgorithm().getParameters()));
                if (curve == null) {
                    throw new PkiException("the EC key is not on a named curve");
                }
                org.bouncycastle.math.ec.ECPoint q =
                        curve.getG().multiply(ec.getS()).normalize();
                BigInteger x = q.getAffineXCoord().toBigInteger();
                BigInteger y = q.getAffineYCoord().toBigInteger();
                return KeyFactory.getInstance("EC")
                        .generatePublic(new ECPublicKeySpec(new ECPoint(x, y), ec.getParams()));
            }
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new PkiException("cannot derive the public key: " + e.getMessage(), e);
        }
        throw new PkiException("unsupported private key type " + privateKey.getAlgorithm());
    }
}
