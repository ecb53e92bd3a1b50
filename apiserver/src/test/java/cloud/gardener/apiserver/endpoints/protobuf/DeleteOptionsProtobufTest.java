package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.envelope;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.message;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.endpoints.options.DeleteOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DeleteOptions bodies as typed clients send them, in protobuf. */
class DeleteOptionsProtobufTest {

    private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";

    @Test
    void aProtobufBodyIsTheOnlySourceOfOptions() {
        byte[] body = envelope(
                "v1",
                "DeleteOptions",
                message()
                        .int64(1, 30)
                        .message(2, message().string(1, "u-1").string(2, "12"))
                        .string(4, "Background")
                        .string(5, "All"));

        DeleteOptions options = DeleteOptions.parse(Map.of("gracePeriodSeconds", List.of("5")), body, PROTOBUF);

        assertThat(options).isEqualTo(new DeleteOptions(30L, "u-1", "12", "Background", null, true));
    }

    @Test
    void anEmptyProtobufMessageMeansNoOptions() {
        assertThat(DeleteOptions.parse(
                        Map.of(), envelope("v1", "DeleteOptions", message()), PROTOBUF + "; charset=binary"))
                .isEqualTo(DeleteOptions.NONE);
    }

    @Test
    void protobufOptionsAreValidatedLikeJson() {
        byte[] body = envelope("v1", "DeleteOptions", message().bool(3, true).string(4, "Orphan"));

        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), body, PROTOBUF))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(422));
    }

    @Test
    void anotherKindOrABrokenBodyIsAnErrorWithoutReason() {
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), envelope("v1", "Status", message()), PROTOBUF))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(500);
                    assertThat(e.getMessage()).startsWith("no kind \"Status\" is registered for version \"v1\"");
                });
        assertThatThrownBy(() -> DeleteOptions.parse(Map.of(), "{}".getBytes(UTF_8), PROTOBUF))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(500);
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]");
                });
    }
}
