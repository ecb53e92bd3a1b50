package cloud.gardener.apiserver.endpoints.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContinueTokenTest {

    static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void encodesLikeKubernetes() {
        // a token from a real kube-apiserver list of pods (start "default/pod-b\u0000")
        String token = ContinueToken.encode(12345, "default/pod-b\u0000");
        assertThat(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8))
                .isEqualTo("{\"v\":\"meta.k8s.io/v1\",\"rv\":12345,\"start\":\"default/pod-b\\u0000\"}");
        assertThat(token).doesNotContain("=").doesNotContain("+").doesNotContain("/");
        assertThat(ContinueToken.encode("/registry/g/shoots/ns/a\u0000", "/registry/g/shoots/", 7))
                .isEqualTo(ContinueToken.encode(7, "ns/a\u0000"));
        assertThatThrownBy(() -> ContinueToken.encode("/other/a", "/registry/g/shoots/", 7))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void roundTrips() {
        ContinueToken t = ContinueToken.decode(ContinueToken.encode(42, "ns/name\u0000"));
        assertThat(t).isEqualTo(new ContinueToken(42, "ns/name\u0000"));
        assertThat(t.startKey("/registry/core.gardener.cloud/shoots/"))
                .isEqualTo("/registry/core.gardener.cloud/shoots/ns/name\u0000");
        // Go matches JSON fields case-insensitively and ignores unknown ones
        assertThat(ContinueToken.decode(b64("{\"V\":\"meta.k8s.io/v1\",\"RV\":3,\"Start\":\"/a\",\"x\":1}")))
                .isEqualTo(new ContinueToken(3, "a"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"v\":\"meta.k8s.io/v2\",\"rv\":1,\"start\":\"a\"}|continue key is not valid: server does not recognize this encoded version meta.k8s.io/v2",
                "{\"rv\":1,\"start\":\"a\"}|'continue key is not valid: server does not recognize this encoded version '",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":0,\"start\":\"a\"}|continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"\"}|continue key is not valid: encoded start key empty (version meta.k8s.io/v1)",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"../x\"}|continue key is not valid: ../x",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"a//b\"}|continue key is not valid: a//b",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"a/./b\"}|continue key is not valid: a/./b",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":\"1\",\"start\":\"a\"}|continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64",
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":1.5,\"start\":\"a\"}|continue key is not valid: json: cannot unmarshal number 1.5 into Go struct field continueToken.rv of type int64",
                "[1]|continue key is not valid: json: cannot unmarshal array into Go value of type storage.continueToken",
                "{\"v\":|continue key is not valid: unexpected end of JSON input"
            })
    void rejectsBadTokens(String json, String why) {
        assertThatThrownBy(() -> ContinueToken.decode(b64(json)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(400);
                    assertThat(e.reason()).isEqualTo("BadRequest");
                })
                .hasMessage("invalid continue token: " + why);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "abc$|continue key is not valid: illegal base64 data at input byte 3",
                "abcde|continue key is not valid: illegal base64 data at input byte 4",
                "YWJj=|continue key is not valid: illegal base64 data at input byte 4",
                "a+b/|continue key is not valid: illegal base64 data at input byte 1"
            })
    void rejectsBadBase64(String token, String why) {
        assertThatThrownBy(() -> ContinueToken.decode(token)).hasMessage("invalid continue token: " + why);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"/a/b|/a/b", "/a//b|/a/b", "/a/./b/|/a/b", "/a/../b|/b", "/../a|/a", "''|.", "a/../..|..", "/|/"})
    void cleansPathsLikeGo(String in, String out) {
        assertThat(GoPaths.clean(in)).isEqualTo(out);
    }
}
