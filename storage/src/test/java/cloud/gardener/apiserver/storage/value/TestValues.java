package cloud.gardener.apiserver.storage.value;

import java.nio.charset.StandardCharsets;

/** Values shared by the provider tests. */
final class TestValues {

    static final byte[] PLAIN =
            "{\"kind\":\"Secret\",\"data\":{\"password\":\"hunter2\"}}".getBytes(StandardCharsets.UTF_8);
    static final byte[] KEY_CONTEXT = "/registry/secrets/default/s1".getBytes(StandardCharsets.UTF_8);

    private TestValues() {}

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
