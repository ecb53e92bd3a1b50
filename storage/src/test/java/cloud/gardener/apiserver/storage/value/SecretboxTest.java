package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SecretboxTest {

    // NaCl's own secretbox test vector (tests/secretbox.c; also in libsodium): 131-byte message, 147-byte box.
    private static final byte[] KEY = Keys.hex("1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389");
    private static final byte[] NONCE = Keys.hex("69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37");
    private static final byte[] MESSAGE = Keys.hex("be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffc"
            + "e5ecbaaf33bd751a1ac728d45e6c61296cdc3c01233561f41db66cce314adb31"
            + "0e3be8250c46f06dceea3a7fa1348057e2f6556ad6b1318a024a838f21af1fde"
            + "048977eb48f59ffd4924ca1c60902e52f0a089bc76897040e082f93776384864"
            + "5e0705");
    private static final byte[] BOX = Keys.hex("f3ffc7703f9400e52a7dfb4b3d3305d98e993b9f48681273c29650ba32fc76ce"
            + "48332ea7164d96a4476fb8c531a1186ac0dfc17c98dce87b4da7f011ec48c972"
            + "71d2c20f9b928fe2270d6fb863d51738b48eeee314a7cc8ab932164548e526ae"
            + "90224368517acfeabd6bb3732bc0e9da99832b61ca01b6de56244a9e88d5f9b3"
            + "7973f622a43d14a6599b1f654cb45a74e355a5");

    @Test
    void sealMatchesTheNaclTestVector() {
        assertThat(Secretbox.seal(MESSAGE, NONCE, KEY)).isEqualTo(BOX);
    }

    @Test
    void openReadsTheNaclTestVector() {
        assertThat(Secretbox.open(BOX, 0, BOX.length, NONCE, KEY)).isEqualTo(MESSAGE);
    }

    @Test
    void openRefusesAnyFlippedBit() {
        for (int i = 0; i < BOX.length; i += 7) {
            byte[] tampered = BOX.clone();
            tampered[i] ^= 0x01;
            assertThat(Secretbox.open(tampered, 0, tampered.length, NONCE, KEY))
                    .as("byte " + i)
                    .isNull();
        }
    }

    @Test
    void openRefusesAnotherNonceOrKeyAndShortBoxes() {
        byte[] otherNonce = NONCE.clone();
        otherNonce[0] ^= 1;
        byte[] otherKey = KEY.clone();
        otherKey[31] ^= 1;
        assertThat(Secretbox.open(BOX, 0, BOX.length, otherNonce, KEY)).isNull();
        assertThat(Secretbox.open(BOX, 0, BOX.length, NONCE, otherKey)).isNull();
        assertThat(Secretbox.open(BOX, 0, 15, NONCE, KEY)).isNull();
    }

    @Test
    void anEmptyMessageIsJustATag() {
        byte[] box = Secretbox.seal(new byte[0], NONCE, KEY);
        assertThat(box).hasSize(Secretbox.OVERHEAD);
        assertThat(Secretbox.open(box, 0, box.length, NONCE, KEY)).isEmpty();
    }

    @Test
    void roundTripsMessagesAcrossBlockBoundaries() {
        for (int len : new int[] {1, 31, 32, 33, 63, 64, 65, 1000}) {
            byte[] m = "x".repeat(len).getBytes(StandardCharsets.UTF_8);
            byte[] box = Secretbox.seal(m, NONCE, KEY);
            assertThat(Secretbox.open(box, 0, box.length, NONCE, KEY))
                    .as("length " + len)
                    .isEqualTo(m);
        }
    }

    @Test
    void rejectsWrongKeyOrNonceSizes() {
        assertThatThrownBy(() -> Secretbox.seal(MESSAGE, NONCE, new byte[16]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Secretbox.seal(MESSAGE, new byte[12], KEY))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
