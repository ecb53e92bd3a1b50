package cloud.gardener.apiserver.endpoints.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutated protobuf bodies (seeded): each decodes or fails with a {@link ProtobufDecodingException} (a 400 for the
 * client), never with another exception (a 500).
 */
class MutatedBodiesTest {

    private static final long SEED = Long.getLong("fuzz.seed", 20261127L);
    private static final GroupVersionKind EXPOSURE_CLASS =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass");
    private static final GroupVersionKind SECRET = new GroupVersionKind("", "v1", "Secret");

    @Test
    void mutatedBodiesDecodeOrFailAsBadProtobuf() throws Exception {
        byte[] exposureClass = ProtobufCodec.encode(Json.MAPPER.readTree("""
                {"kind":"ExposureClass","apiVersion":"core.gardener.cloud/v1beta1",
                 "metadata":{"name":"internet","labels":{"a":"b"},"creationTimestamp":"2024-01-02T03:04:05Z",
                             "managedFields":[{"manager":"m","fieldsV1":{"f:handler":{}}}]},
                 "handler":"h","scheduling":{"seedSelector":{"matchExpressions":[{"key":"k","operator":"In",
                 "values":["v"]}]},"tolerations":[{"key":"t","value":"v"}]}}"""), EXPOSURE_CLASS);
        byte[] secret = ProtobufCodec.encode(Json.MAPPER.readTree("""
                {"kind":"Secret","apiVersion":"v1","metadata":{"name":"s","namespace":"n"},
                 "data":{"k":"AAE="},"type":"Opaque"}"""), SECRET);
        Random random = new Random(SEED);
        int decoded = 0;
        int refused = 0;
        for (int i = 0; i < 4000; i++) {
            boolean pickSecret = i % 2 == 0;
            byte[] body = (pickSecret ? secret : exposureClass).clone();
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                int at = 4 + random.nextInt(body.length - 4); // keep the magic: past it is where the decoding is
                body[at] = random.nextInt(4) == 0
                        ? (byte) (body[at] ^ (1 << random.nextInt(8)))
                        : (byte) random.nextInt(256);
            }
            try {
                ProtobufCodec.decode(body, pickSecret ? SECRET : EXPOSURE_CLASS);
                decoded++;
            } catch (ProtobufDecodingException e) {
                refused++;
            } catch (RuntimeException e) {
                fail("seed " + SEED + ", body " + i + ": " + e, e);
            }
        }
        assertThat(decoded).isPositive();
        assertThat(refused).isPositive();
    }
}
