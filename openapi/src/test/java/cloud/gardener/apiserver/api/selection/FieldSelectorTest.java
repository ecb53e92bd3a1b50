package cloud.gardener.apiserver.api.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FieldSelectorTest {

    private static final ResourceRegistry REGISTRY = ResourceRegistry.standard(true);

    static Stream<Arguments> parsing() {
        return Stream.of(
                Arguments.of("metadata.name=foo", "metadata.name=foo"),
                Arguments.of("metadata.name==foo", "metadata.name=foo"),
                Arguments.of("a!=b", "a!=b"),
                Arguments.of("b=2,a=1", "a=1,b=2"),
                Arguments.of(",a=b,,", "a=b"),
                Arguments.of("a=", "a="),
                Arguments.of("a=b\\,c", "a=b\\,c"),
                Arguments.of("a=b\\=c", "a=b\\=c"),
                Arguments.of("a=b\\\\", "a=b\\\\"));
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("parsing")
    void parsesAndPrintsCanonically(String selector, String canonical) {
        assertThat(FieldSelector.parse(selector)).hasToString(canonical);
    }

    @Test
    void unescapesValues() {
        assertThat(FieldSelector.parse("a=b\\,c,d=e\\=f,g=h\\\\").requirements())
                .extracting(FieldRequirement::value)
                .containsExactly("b,c", "e=f", "h\\");
        assertThat(FieldSelector.parse("x!=y").requirements().get(0).operator())
                .isEqualTo(SelectionOperator.NOT_EQUALS);
        assertThat(FieldSelector.parse("x==y").requirements().get(0).operator())
                .isEqualTo(SelectionOperator.DOUBLE_EQUALS);
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("abc", "invalid selector: 'abc'; can't understand 'abc'"),
                Arguments.of("x=1,abc", "invalid selector: 'x=1,abc'; can't understand 'abc'"),
                Arguments.of("a=b=c", "invalid field selector: unescaped character in value: 61"),
                // "!=" wins at the first position, leaving "=b", whose bare '=' is an error.
                Arguments.of("a!==b", "invalid field selector: unescaped character in value: 61"),
                Arguments.of("a=b\\x", "invalid field selector: invalid escape sequence: \\x"),
                Arguments.of("a=b\\", "invalid field selector: invalid escape sequence: \\"));
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("errors")
    void rejectsWithKubernetesMessages(String selector, String message) {
        assertThatThrownBy(() -> FieldSelector.parse(selector)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(400);
            assertThat(e.getMessage()).isEqualTo(message);
        });
    }

    static Stream<Arguments> matching() {
        Map<String, String> fields = Map.of("metadata.name", "foo", "spec.seedName", "aws");
        return Stream.of(
                Arguments.of("", fields, true),
                Arguments.of("metadata.name=foo", fields, true),
                Arguments.of("metadata.name=bar", fields, false),
                Arguments.of("metadata.name!=bar", fields, true),
                Arguments.of("metadata.name=foo,spec.seedName=aws", fields, true),
                Arguments.of("metadata.name=foo,spec.seedName!=aws", fields, false),
                Arguments.of("status.seedName=", fields, true),
                Arguments.of("status.seedName!=", fields, false));
    }

    @ParameterizedTest(name = "[{0}] -> {2}")
    @MethodSource("matching")
    void matchesWithMissingFieldsAsEmpty(String selector, Map<String, String> fields, boolean expected) {
        assertThat(FieldSelector.parse(selector).matches(fields)).isEqualTo(expected);
    }

    @Test
    void singleName() {
        assertThat(FieldSelector.parse("metadata.name=foo").singleName()).contains("foo");
        assertThat(FieldSelector.parse("metadata.name==foo").singleName()).contains("foo");
        assertThat(FieldSelector.parse("metadata.name!=foo").singleName()).isEmpty();
        assertThat(FieldSelector.parse("metadata.name=foo,metadata.namespace=x").singleName())
                .isEmpty();
        assertThat(FieldSelector.parse("spec.seedName=foo").singleName()).isEmpty();
        assertThat(FieldSelector.parse("").singleName()).isEmpty();
        assertThat(FieldSelector.parse("metadata.name=foo,metadata.namespace=x")
                        .requiresExactMatch("metadata.namespace"))
                .contains("x");
    }

    @Test
    void validatesSupportedFieldsPerResource() {
        ResourceType shoots =
                REGISTRY.findGroupResource("core.gardener.cloud", "shoots").orElseThrow();
        ResourceType seeds =
                REGISTRY.findGroupResource("core.gardener.cloud", "seeds").orElseThrow();
        ResourceType namespaces = REGISTRY.findGroupResource("", "namespaces").orElseThrow();
        assertThat(FieldSelector.supportedFields(shoots))
                .containsExactly(
                        "metadata.name",
                        "metadata.namespace",
                        "spec.seedName",
                        "status.seedName",
                        "spec.cloudProfileName",
                        "spec.cloudProfile.Name",
                        "spec.cloudProfile.Kind");
        assertThat(FieldSelector.supportedFields(seeds)).containsExactly("metadata.name");
        assertThat(FieldSelector.supportedFields(namespaces)).containsExactly("metadata.name", "status.phase");

        FieldSelector.parse("spec.cloudProfile.Name=aws,metadata.namespace=garden-dev")
                .validate(FieldSelector.supportedFields(shoots));
        assertThatThrownBy(() -> FieldSelector.parse("spec.seedName=x,spec.foo=y,spec.bar=z")
                        .validate(FieldSelector.supportedFields(shoots)))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(400);
                    assertThat(e.getMessage()).isEqualTo("field label not supported: spec.bar");
                });
        assertThatThrownBy(() -> FieldSelector.parse("spec.cloudProfile.name=aws")
                        .validate(FieldSelector.supportedFields(shoots)))
                .hasMessage("field label not supported: spec.cloudProfile.name");
    }

    @Test
    void extractsFieldValuesOfAnObject() {
        ResourceType shoots =
                REGISTRY.findGroupResource("core.gardener.cloud", "shoots").orElseThrow();
        JsonNode shoot = Json.readTree("""
                {"apiVersion":"core.gardener.cloud/v1beta1","kind":"Shoot",
                 "metadata":{"name":"crazy","namespace":"garden-dev"},
                 "spec":{"seedName":"aws-eu1","cloudProfile":{"name":"aws","kind":"CloudProfile"}},
                 "status":{"seedName":null}}""".getBytes(StandardCharsets.UTF_8));
        Map<String, String> fields = FieldSelector.fieldsOf(shoot, shoots);
        assertThat(fields)
                .containsExactly(
                        Map.entry("metadata.name", "crazy"),
                        Map.entry("metadata.namespace", "garden-dev"),
                        Map.entry("spec.seedName", "aws-eu1"),
                        Map.entry("status.seedName", ""),
                        Map.entry("spec.cloudProfileName", ""),
                        Map.entry("spec.cloudProfile.Name", "aws"),
                        Map.entry("spec.cloudProfile.Kind", "CloudProfile"));
        assertThat(FieldSelector.parse("spec.cloudProfile.Name=aws,spec.seedName!=other")
                        .matches(fields))
                .isTrue();

        ResourceType secrets = REGISTRY.findGroupResource("", "secrets").orElseThrow();
        JsonNode secret = Json.readTree("{\"metadata\":{\"name\":\"s\",\"namespace\":\"n\"},\"type\":\"Opaque\"}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(FieldSelector.fieldsOf(secret, secrets)).containsEntry("type", "Opaque");

        ResourceType seeds =
                REGISTRY.findGroupResource("core.gardener.cloud", "seeds").orElseThrow();
        assertThat(FieldSelector.fieldsOf(secret, seeds)).containsExactly(Map.entry("metadata.name", "s"));
    }
}
