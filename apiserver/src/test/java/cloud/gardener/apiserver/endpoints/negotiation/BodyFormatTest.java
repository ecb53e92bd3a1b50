package cloud.gardener.apiserver.endpoints.negotiation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BodyFormatTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "null|JSON",
                "''|JSON",
                "application/json|JSON",
                "application/json; charset=utf-8|JSON",
                "APPLICATION/JSON|JSON",
                "application/yaml|YAML",
                "application/yaml;charset=utf-8;|YAML"
            })
    void acceptsJsonAndYaml(String contentType, BodyFormat expected) {
        assertThat(BodyFormat.fromContentType(contentType)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "application/vnd.kubernetes.protobuf|PROTOBUF",
                "application/vnd.kubernetes.protobuf; charset=binary|PROTOBUF",
                "application/json|JSON"
            })
    void acceptsProtobufWhereADecoderExists(String contentType, BodyFormat expected) {
        assertThat(BodyFormat.fromContentType(contentType, true)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "text/plain",
                "application/*",
                "application/vnd.kubernetes.protobuf",
                "application/json;;x",
                "application/merge-patch+json",
                "json",
                "application/x-yaml"
            })
    void rejectsOthersWith415(String contentType) {
        assertThatThrownBy(() -> BodyFormat.fromContentType(contentType))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(415);
                    assertThat(e.reason()).isEqualTo("UnsupportedMediaType");
                    assertThat(e.getMessage())
                            .isEqualTo("the body of the request was in an unknown format - "
                                    + "accepted media types include: application/json, application/yaml");
                });
    }

    @Test
    void theMessageListsProtobufOnlyForKindsThatDecodeIt() {
        assertThatThrownBy(() -> BodyFormat.fromContentType("application/cbor", true))
                .hasMessage("the body of the request was in an unknown format - accepted media types include: "
                        + "application/json, application/yaml, application/vnd.kubernetes.protobuf");
        assertThat(BodyFormat.fromContentType("application/vnd.kubernetes.protobuf", true))
                .isEqualTo(BodyFormat.PROTOBUF);
    }
}
