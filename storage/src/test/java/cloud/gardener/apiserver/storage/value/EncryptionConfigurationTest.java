package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.validation.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing and kube-apiserver's validation of the EncryptionConfiguration document. */
class EncryptionConfigurationTest {

    static final String K16 = Keys.randomBase64(16);
    static final String K32 = Keys.randomBase64(32);

    static EncryptionConfiguration parse(String yaml) {
        return EncryptionConfiguration.parse(yaml.getBytes(StandardCharsets.UTF_8));
    }

    static List<String> errors(String resourcesYaml) {
        return EncryptionConfigurationValidation.validate(parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                """ + resourcesYaml)).stream()
                .map(FieldError::toString)
                .toList();
    }

    @Test
    void parsesEveryProviderInOrder() {
        EncryptionConfiguration config = parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets, widgets.example.com]
                  providers:
                  - aesgcm: {keys: [{name: k1, secret: %s}]}
                  - aescbc: {keys: [{name: k2, secret: %s}]}
                  - secretbox: {keys: [{name: k3, secret: %s}]}
                  - identity: {}
                """.formatted(K16, K32, K32));

        assertThat(config.resources()).hasSize(1);
        assertThat(config.resources().get(0).resources()).containsExactly("secrets", "widgets.example.com");
        assertThat(config.resources().get(0).providers())
                .extracting(p -> p.named().get(0))
                .containsExactly("aesgcm", "aescbc", "secretbox", "identity");
        assertThat(config.resources()
                        .get(0)
                        .providers()
                        .get(0)
                        .aesgcm()
                        .keys()
                        .get(0)
                        .name())
                .isEqualTo("k1");
        assertThat(EncryptionConfigurationValidation.validate(config)).isEmpty();
    }

    @Test
    void keysNeverPrintTheirSecret() {
        assertThat(new EncryptionConfiguration.Key("k1", K32).toString())
                .doesNotContain(K32)
                .contains("REDACTED");
    }

    @Test
    void refusesOtherKindsAndVersions() {
        assertThatThrownBy(() -> parse("apiVersion: v1\nkind: EncryptionConfiguration\nresources: []\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no kind \"EncryptionConfiguration\"");
        assertThatThrownBy(() -> parse("apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfig\n"))
                .hasMessageContaining("no kind \"EncryptionConfig\" is registered");
        assertThatThrownBy(() -> parse("apiVersion: apiserver.config.k8s.io/v1\n"))
                .hasMessageContaining("'Kind' is missing");
        assertThatThrownBy(() -> parse("resources: [1, 2")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void needsAtLeastOneEntryResourceAndProvider() {
        assertThat(errors("resources: []\n"))
                .containsExactly("resources: Required value: at least one resources is required");
        assertThat(errors("resources:\n- resources: []\n  providers: []\n"))
                .containsExactly(
                        "resources[0].resources: Required value: at least one resources[0].resources is required",
                        "resources[0].providers: Required value: at least one resources[0].providers is required");
    }

    @Test
    void refusesAnUnknownProviderAndTwoProvidersInOneElement() {
        assertThat(errors("""
                resources:
                - resources: [secrets]
                  providers:
                  - rot13: {}
                  - {identity: {}, aesgcm: {keys: [{name: k, secret: %s}]}}
                """.formatted(K16)))
                .containsExactly(
                        "resources[0].providers[0]: Invalid value: \"{}\": provider does not contain any of the expected "
                                + "providers: KMS, AESGCM, AESCBC, Secretbox, Identity",
                        "resources[0].providers[1]: Invalid value: \"aesgcm, identity\": more than one provider specified "
                                + "in a single element, should split into different list elements");
    }

    @Test
    void checksKeyNamesSecretsBase64AndLengths() {
        String notBase64 = "not base64!";
        String eightBytes = Base64.getEncoder().encodeToString(new byte[8]);
        assertThat(errors("""
                resources:
                - resources: [secrets]
                  providers:
                  - aesgcm: {keys: [{name: "", secret: %s}, {name: b, secret: %s}, {name: c, secret: %s}, {name: d}]}
                  - secretbox: {keys: [{name: e, secret: %s}]}
                  - aescbc: {keys: []}
                """.formatted(K16, notBase64, eightBytes, K16)))
                .containsExactly(
                        "resources[0].providers[0].aesgcm.keys[0].name: Required value: name is a mandatory field for a key",
                        "resources[0].providers[0].aesgcm.keys[1].secret: Invalid value: \"REDACTED\": secrets must be base64 encoded",
                        "resources[0].providers[0].aesgcm.keys[2].secret: Invalid value: \"REDACTED\": secret is not of the "
                                + "expected length, got 8, expected one of [16 24 32]",
                        "resources[0].providers[0].aesgcm.keys[3].secret: Required value: secret is a mandatory field for a key",
                        "resources[0].providers[1].secretbox.keys[0].secret: Invalid value: \"REDACTED\": secret is not of the "
                                + "expected length, got 16, expected one of [32]",
                        "resources[0].providers[2].aescbc.keys: Required value: at least one keys is required");
    }

    @Test
    void base64NeedsItsPaddingAsGoDoes() {
        String unpadded = K32.replace("=", "");
        assertThat(errors("""
                resources:
                - resources: [secrets]
                  providers:
                  - aescbc: {keys: [{name: a, secret: "%s"}]}
                """.formatted(unpadded)))
                .containsExactly(
                        "resources[0].providers[0].aescbc.keys[0].secret: Invalid value: \"REDACTED\": secrets must be base64 encoded");
    }

    @Test
    void refusesDuplicateAndOverlappingResourcesInOneList() {
        String providers = "  providers:\n  - identity: {}\n";
        assertThat(errors("resources:\n- resources: [secrets, configmaps, secrets]\n" + providers))
                .containsExactly(
                        "resources[0].resources: Invalid value: []string{\"secrets\", \"configmaps\", \"secrets\"}: "
                                + "the same resource cannot be specified multiple times");
        assertThat(errors("resources:\n- resources: [secrets, \"*.\"]\n" + providers))
                .containsExactly(
                        "resources[0].resources: Invalid value: []string{\"secrets\", \"*.\"}: using overlapping resources such "
                                + "as 'secrets' and '*.' in the same resource list is not allowed as they will be masked");
        assertThat(errors("resources:\n- resources: [\"*.*\", widgets.example.com]\n" + providers))
                .hasSize(1)
                .allMatch(e -> e.contains("overlapping resources"));
        assertThat(errors("resources:\n- resources: [\"*.example.com\", widgets.example.com]\n" + providers))
                .hasSize(1)
                .allMatch(e -> e.contains("overlapping resources"));
        assertThat(errors("resources:\n- resources: [\"*.example.com\", widgets.example.org, \"*.\"]\n" + providers))
                .isEmpty();
    }

    @Test
    void checksResourceNames() {
        List<String> errors = errors("""
                resources:
                - resources: [Secrets, "*", serviceipallocations, "*.events.k8s.io", deployments.extensions, "secrets.*"]
                  providers:
                  - identity: {}
                """);
        // "*" parses as every core resource, so kube-apiserver also reports it as overlapping the others.
        assertThat(errors.get(0))
                .startsWith("resources[0].resources: Invalid value: []string{\"Secrets\", \"*\", ")
                .endsWith("using overlapping resources such as 'secrets' and '*.' in the same resource list is not "
                        + "allowed as they will be masked");
        assertThat(errors.subList(1, errors.size()))
                .containsExactly(
                        "resources[0].resources[0]: Invalid value: \"Secrets\": resource name should not contain capital letters",
                        "resources[0].resources[1]: Invalid value: \"*\": use '*.' to encrypt all the resources from core API "
                                + "group or *.* to encrypt all resources",
                        "resources[0].resources[2]: Invalid value: \"serviceipallocations\": resources which do not have REST "
                                + "API/s cannot be encrypted",
                        "resources[0].resources[3]: Invalid value: \"*.events.k8s.io\": '*.events.k8s.io' objects are stored "
                                + "using the 'events' API group in etcd. Use 'events' instead in the config file",
                        "resources[0].resources[4]: Invalid value: \"deployments.extensions\": 'extensions' group has been "
                                + "removed and cannot be used for encryption",
                        "resources[0].resources[5]: Invalid value: \"secrets.*\": encrypting the same resource across groups "
                                + "is not supported");
    }

    @Test
    void parsesGroupResourcesAtTheFirstDot() {
        assertThat(EncryptionConfigurationValidation.parseGroupResource("secrets")
                        .toString())
                .isEqualTo("secrets");
        assertThat(EncryptionConfigurationValidation.parseGroupResource("widgets.example.com"))
                .satisfies(gr -> {
                    assertThat(gr.resource()).isEqualTo("widgets");
                    assertThat(gr.group()).isEqualTo("example.com");
                });
        assertThat(EncryptionConfigurationValidation.parseGroupResource("*.").group())
                .isEmpty();
        assertThat(EncryptionConfigurationValidation.yamlString(
                        EncryptionConfigurationValidation.parseGroupResource("*.")))
                .isEqualTo("*.");
    }
}
