package cloud.gardener.apiserver.certs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeysTest {

    @ParameterizedTest
    @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
    void publicKeyOfAnEcKeyIsItsPair(String curve) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec(curve));
        KeyPair pair = generator.generateKeyPair();
        // through PEM, as a signing-key file is read
        var key = Pem.readPrivateKey(Pem.writePrivateKeyTraditional(pair.getPrivate()));

        assertThat(Keys.publicKeyOf(key).getEncoded())
                .isEqualTo(pair.getPublic().getEncoded());
    }

    @Test
    void publicKeyOfAnRsaKeyIsItsPair() throws Exception {
        KeyPair pair = TestKeys.rsa();
        var key = Pem.readPrivateKey(Pem.writePrivateKeyTraditional(pair.getPrivate()));

        assertThat(Keys.publicKeyOf(key).getEncoded())
                .isEqualTo(pair.getPublic().getEncoded());
        assertThat(Keys.matches(Keys.publicKeyOf(key), key)).isTrue();
    }

    @Test
    void otherKeysAreRefused() throws Exception {
        KeyPair ed = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        assertThatThrownBy(() -> Keys.publicKeyOf(ed.getPrivate())).isInstanceOf(PkiException.class);
    }
}
