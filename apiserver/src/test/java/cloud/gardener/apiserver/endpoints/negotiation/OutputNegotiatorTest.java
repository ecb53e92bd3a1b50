package cloud.gardener.apiserver.endpoints.negotiation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OutputNegotiatorTest {

    static final String KUBECTL_GET = "application/json;as=Table;v=v1;g=meta.k8s.io,"
            + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    static final String METADATA_CLIENT =
            "application/vnd.kubernetes.protobuf;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,"
                    + "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                // accept | encoding | target | version | pretty
                "null|JSON|NONE|null|false",
                "''|JSON|NONE|null|false",
                "*/*|JSON|NONE|null|false",
                "application/*|JSON|NONE|null|false",
                "application/json|JSON|NONE|null|false",
                "application/yaml|YAML|NONE|null|false",
                "application/yaml, application/json|YAML|NONE|null|false",
                "application/json;q=0.5, application/yaml|YAML|NONE|null|false",
                "application/json;pretty=1|JSON|NONE|null|true",
                "application/json;pretty=true|JSON|NONE|null|false",
                "application/json;stream=watch|JSON|NONE|null|false",
                "application/json;stream=other, application/yaml|YAML|NONE|null|false",
                "application/yaml;stream=watch, application/json|JSON|NONE|null|false",
                "application/json;sv=v2, application/yaml;sv=v1|YAML|NONE|null|false",
                "application/json;unknown=x|JSON|NONE|null|false",
                "application/vnd.kubernetes.protobuf, application/json|JSON|NONE|null|false",
                "text/html, */*|JSON|NONE|null|false",
                KUBECTL_GET + "|JSON|TABLE|v1|false",
                "application/json;as=Table;v=v1beta1;g=meta.k8s.io|JSON|TABLE|v1beta1|false",
                "application/yaml;as=Table;v=v1;g=meta.k8s.io|YAML|TABLE|v1|false",
                "*/*;as=Table;g=meta.k8s.io;v=v1|JSON|TABLE|v1|false",
                "application/json;as=Table;g=meta.k8s.io, application/json|JSON|NONE|null|false",
                "application/json;as=Table;v=v1, application/json|JSON|NONE|null|false",
                "application/json;as=Table;v=v2;g=meta.k8s.io, application/yaml|YAML|NONE|null|false",
                "application/json;as=Shoot;v=v1;g=meta.k8s.io, application/json|JSON|NONE|null|false",
                "application/json;g=meta.k8s.io;v=v1, application/yaml|YAML|NONE|null|false",
                METADATA_CLIENT + "|JSON|PARTIAL_OBJECT_METADATA|v1|false",
                "application/yaml;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1beta1|YAML|PARTIAL_OBJECT_METADATA_LIST|v1beta1|false",
                "application/json;as=Table;v=v1;g=meta.k8s.io;pretty=1|JSON|TABLE|v1|true"
            })
    void negotiatesObjects(String accept, Encoding encoding, ConversionTarget target, String version, boolean pretty) {
        OutputFormat f = OutputNegotiator.forObject(accept, false);
        assertThat(f).isEqualTo(new OutputFormat(encoding, target, version, pretty));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "text/html",
                "application/vnd.kubernetes.protobuf",
                "application/json;as=Table;g=meta.k8s.io;v=v2",
                "application/vnd.kubernetes.protobuf;as=Table;g=meta.k8s.io;v=v1",
                "application/yaml;stream=watch",
                "' '",
                "application/json;as=Foo;g=meta.k8s.io;v=v1"
            })
    void rejectsWithNotAcceptable(String accept) {
        assertThatThrownBy(() -> OutputNegotiator.forObject(accept, false))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(406);
                    assertThat(e.reason()).isEqualTo("NotAcceptable");
                    // exactly what is served: protobuf is not, for a kind without a protobuf form
                    assertThat(e.getMessage())
                            .isEqualTo("only the following media types are accepted: "
                                    + "application/json, application/yaml");
                });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                // accept | encoding | target | version
                "application/vnd.kubernetes.protobuf|PROTOBUF|NONE|null",
                "application/vnd.kubernetes.protobuf, application/json|PROTOBUF|NONE|null",
                "application/json, application/vnd.kubernetes.protobuf|JSON|NONE|null",
                "application/vnd.kubernetes.protobuf;stream=watch|PROTOBUF|NONE|null",
                METADATA_CLIENT + "|PROTOBUF|PARTIAL_OBJECT_METADATA|v1",
                // upstream's Table has no protobuf form: the next clause serves it
                "application/vnd.kubernetes.protobuf;as=Table;g=meta.k8s.io;v=v1, " + KUBECTL_GET + "|JSON|TABLE|v1"
            })
    void protobufIsServedForKindsThatHaveIt(String accept, Encoding encoding, ConversionTarget target, String version) {
        assertThat(OutputNegotiator.forObject(accept, false, true))
                .isEqualTo(new OutputFormat(encoding, target, version, false));
    }

    @Test
    void theNotAcceptableMessagesListWhatIsServedForTheKind() {
        assertThatThrownBy(() -> OutputNegotiator.forObject("text/html", false, true))
                .hasMessage("only the following media types are accepted: "
                        + "application/json, application/yaml, application/vnd.kubernetes.protobuf");
        assertThatThrownBy(() -> OutputNegotiator.forObject(
                        "application/vnd.kubernetes.protobuf;as=Table;g=meta.k8s.io;v=v1", false, true))
                .hasMessage(OutputNegotiator.notAcceptableMessage(true));
        assertThatThrownBy(() -> OutputNegotiator.forWatch("application/yaml", false, true))
                .hasMessage("only the following media types are accepted: "
                        + "application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch");
    }

    @Test
    void repeatedNegotiationsOfOneAcceptValueAnswerAsTheFirstForEveryKindOfEndpoint() {
        // each Accept value is parsed once per kind of negotiation: the answers must not leak between kinds
        String protobuf = "application/vnd.kubernetes.protobuf";
        for (int i = 0; i < 3; i++) {
            assertThat(OutputNegotiator.forObject(protobuf, false, true).encoding())
                    .isEqualTo(Encoding.PROTOBUF);
            assertThatThrownBy(() -> OutputNegotiator.forObject(protobuf, false, false))
                    .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_MESSAGE);
            assertThat(OutputNegotiator.forError(protobuf, false).encoding()).isEqualTo(Encoding.PROTOBUF);
            assertThatThrownBy(() -> OutputNegotiator.forNonResource(protobuf, false))
                    .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_MESSAGE);
            assertThat(OutputNegotiator.forObject(KUBECTL_GET, false))
                    .isEqualTo(new OutputFormat(Encoding.JSON, ConversionTarget.TABLE, "v1", false));
            // a watch-list may not ask for Table: the plain JSON clause serves it
            assertThat(OutputNegotiator.forWatch(KUBECTL_GET, true)).isEqualTo(OutputFormat.JSON);
            assertThat(OutputNegotiator.forNonResource(KUBECTL_GET, false)).isEqualTo(OutputFormat.JSON);
            assertThat(OutputNegotiator.forObject("application/yaml", false).encoding())
                    .isEqualTo(Encoding.YAML);
            assertThatThrownBy(() -> OutputNegotiator.forWatch("application/yaml", false))
                    .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_STREAM_MESSAGE);
            assertThat(OutputNegotiator.forError("text/html", false)).isEqualTo(OutputFormat.JSON.withPretty(true));
            // pretty from the request is applied to the remembered answer, never stored in it
            assertThat(OutputNegotiator.forObject("application/json", i % 2 == 0)
                            .pretty())
                    .isEqualTo(i % 2 == 0);
        }
    }

    @Test
    void manyDistinctAndVeryLongAcceptValuesAreStillNegotiated() {
        for (int i = 0; i < 1_000; i++) {
            assertThat(OutputNegotiator.forObject("application/json;x=" + i, false))
                    .isEqualTo(OutputFormat.JSON);
            String unserved = "text/x-" + i;
            assertThatThrownBy(() -> OutputNegotiator.forObject(unserved, false))
                    .isInstanceOf(ApiException.class);
        }
        String longAccept = "text/html, ".repeat(200) + "application/yaml";
        for (int i = 0; i < 2; i++) {
            assertThat(OutputNegotiator.forObject(longAccept, false).encoding()).isEqualTo(Encoding.YAML);
            assertThatThrownBy(() -> OutputNegotiator.forObject("text/html, ".repeat(200), false))
                    .isInstanceOf(ApiException.class);
        }
        assertThat(OutputNegotiator.forObject(KUBECTL_GET, false).target()).isEqualTo(ConversionTarget.TABLE);
    }

    @Test
    void watchesStreamProtobufForKindsThatHaveIt() {
        assertThat(OutputNegotiator.forWatch("application/vnd.kubernetes.protobuf;stream=watch", false, true))
                .isEqualTo(new OutputFormat(Encoding.PROTOBUF, ConversionTarget.NONE, null, false));
        assertThat(OutputNegotiator.forWatch("application/vnd.kubernetes.protobuf, application/json", false, false))
                .isEqualTo(OutputFormat.JSON);
    }

    @Test
    void errorsAreProtobufForClientsThatPreferIt() {
        assertThat(OutputNegotiator.forError("application/vnd.kubernetes.protobuf, application/json", false)
                        .encoding())
                .isEqualTo(Encoding.PROTOBUF);
        assertThat(OutputNegotiator.forError("application/json, application/vnd.kubernetes.protobuf", false)
                        .encoding())
                .isEqualTo(Encoding.JSON);
    }

    @Test
    void prettyFromRequestIsOred() {
        assertThat(OutputNegotiator.forObject("application/json", true).pretty())
                .isTrue();
        assertThat(OutputNegotiator.forObject(null, true)).isEqualTo(OutputFormat.JSON.withPretty(true));
    }

    @Test
    void watchAllowsConversionsButNotYaml() {
        assertThat(OutputNegotiator.forWatch(KUBECTL_GET, false))
                .isEqualTo(new OutputFormat(Encoding.JSON, ConversionTarget.TABLE, "v1", false));
        assertThat(OutputNegotiator.forWatch(METADATA_CLIENT, false).target())
                .isEqualTo(ConversionTarget.PARTIAL_OBJECT_METADATA);
        assertThat(OutputNegotiator.forWatch("application/json;pretty=1", false).pretty())
                .isFalse();
        for (String yaml : List.of(
                "application/yaml",
                "application/yaml, application/json",
                "application/yaml;as=Table;g=meta.k8s.io;v=v1")) {
            assertThatThrownBy(() -> OutputNegotiator.forWatch(yaml, false))
                    .isInstanceOfSatisfying(
                            ApiException.class,
                            e -> assertThat(e.getMessage())
                                    .isEqualTo(
                                            "only the following media types are accepted: application/json;stream=watch"));
        }
        assertThatThrownBy(() -> OutputNegotiator.forWatch("text/plain", false))
                .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_MESSAGE);
    }

    @Test
    void watchListFallsBackFromTable() {
        assertThat(OutputNegotiator.forWatch(KUBECTL_GET, true)).isEqualTo(OutputFormat.JSON);
        assertThatThrownBy(() -> OutputNegotiator.forWatch("application/json;as=Table;v=v1;g=meta.k8s.io", true))
                .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_MESSAGE);
        // the stream is negotiated with the ordinary restrictions: a YAML Table clause picks YAML there
        assertThatThrownBy(() -> OutputNegotiator.forWatch(
                        "application/yaml;as=Table;v=v1;g=meta.k8s.io, application/json", true))
                .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_STREAM_MESSAGE);
    }

    @Test
    void errorsNeverConvertAndFallBackToIndentedJson() {
        assertThat(OutputNegotiator.forError(KUBECTL_GET, false)).isEqualTo(OutputFormat.JSON);
        assertThat(OutputNegotiator.forError("application/yaml", false).encoding())
                .isEqualTo(Encoding.YAML);
        assertThat(OutputNegotiator.forError("text/html", false)).isEqualTo(OutputFormat.JSON.withPretty(true));
        assertThat(OutputNegotiator.forError("application/json;as=Table;v=v1;g=meta.k8s.io", false))
                .isEqualTo(OutputFormat.JSON.withPretty(true));
        assertThatThrownBy(() -> OutputNegotiator.forNonResource("application/json;as=Table;v=v1;g=meta.k8s.io", false))
                .hasMessage(OutputNegotiator.NOT_ACCEPTABLE_MESSAGE);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "null|null|false",
                "null|curl/8.5.0|true",
                "null|Wget/1.21|true",
                "null|Mozilla/5.0 (X11)|true",
                "null|kubectl/v1.32.0|false",
                "true|null|true",
                "1|null|true",
                "T|null|true",
                "yes|curl/8|false",
                "false|curl/8|false",
                "''|curl/8|true",
                "0|null|false"
            })
    void prettyRule(String pretty, String userAgent, boolean expected) {
        Map<String, List<String>> query = pretty == null ? Map.of() : Map.of("pretty", List.of(pretty));
        assertThat(OutputNegotiator.isPretty(query, userAgent)).isEqualTo(expected);
    }

    @Test
    void shapeChecks() {
        OutputFormat pom = new OutputFormat(Encoding.JSON, ConversionTarget.PARTIAL_OBJECT_METADATA, "v1", false);
        OutputFormat poml = new OutputFormat(Encoding.JSON, ConversionTarget.PARTIAL_OBJECT_METADATA_LIST, "v1", false);
        pom.checkShape(false, "*core.Shoot");
        poml.checkShape(true, "*core.ShootList");
        OutputFormat.JSON.checkShape(true, "*core.ShootList");
        assertThatThrownBy(() -> pom.checkShape(true, "*core.ShootList"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(406))
                .hasMessage(
                        "you requested PartialObjectMetadata, but the requested object is a list (*core.ShootList)");
        assertThatThrownBy(() -> poml.checkShape(false, "*core.Shoot"))
                .hasMessage(
                        "you requested PartialObjectMetadataList, but the requested object is not a list (*core.Shoot)");
        assertThat(poml.convertsWatchEvents()).isFalse();
        assertThat(pom.convertsWatchEvents()).isTrue();
        assertThat(pom.targetApiVersion()).isEqualTo("meta.k8s.io/v1");
        assertThat(OutputFormat.JSON.targetApiVersion()).isNull();
        assertThat(new OutputFormat(Encoding.YAML, ConversionTarget.TABLE, "v1", false).contentType())
                .isEqualTo("application/yaml");
    }
}
