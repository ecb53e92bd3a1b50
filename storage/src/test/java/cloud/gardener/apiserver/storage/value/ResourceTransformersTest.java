package cloud.gardener.apiserver.storage.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.GroupResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A loaded configuration: envelopes, provider order, stale reads, rotation, lookups and load errors. */
class ResourceTransformersTest {

    private static final GroupResource SECRETS = new GroupResource("", "secrets");
    private static final byte[] PLAIN = "{\"data\":{\"password\":\"hunter2\"}}".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CTX = "/registry/secrets/ns/a".getBytes(StandardCharsets.UTF_8);
    private static final String A = Keys.randomBase64(32);
    private static final String B = Keys.randomBase64(32);

    static ResourceTransformers config(String providersYaml) {
        return config("[secrets]", providersYaml);
    }

    static ResourceTransformers config(String resources, String providersYaml) {
        return ResourceTransformers.of(
                EncryptionConfigurationTest.parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: %s
                  providers:
                %s""".formatted(resources, providersYaml.indent(2))));
    }

    static Transformer secrets(ResourceTransformers config) {
        return config.forResource(SECRETS).orElseThrow();
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    @Test
    void eachProviderWritesItsEnvelopeWithTheFirstKeyName() {
        for (String provider : new String[] {"aesgcm", "aescbc", "secretbox"}) {
            Transformer t = secrets(config(
                    "- %s: {keys: [{name: key1, secret: %s}, {name: key2, secret: %s}]}".formatted(provider, A, B)));
            byte[] stored = t.toStorage(PLAIN, CTX);
            assertThat(text(stored))
                    .as(provider)
                    .startsWith("k8s:enc:" + provider + ":v1:key1:")
                    .doesNotContain("hunter2");
            Decrypted read = t.fromStorage(stored, CTX);
            assertThat(read.data()).isEqualTo(PLAIN);
            assertThat(read.stale()).isFalse();
        }
    }

    @Test
    void identityFirstWritesPlainBytes() {
        Transformer t = secrets(config("- identity: {}\n- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A)));
        assertThat(t.toStorage(PLAIN, CTX)).isEqualTo(PLAIN);
        assertThat(t.fromStorage(PLAIN, CTX).stale()).isFalse();
    }

    @Test
    void everyListedProviderReadsAndANonFirstOneMarksTheValueStale() {
        Transformer gcm = secrets(config("- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A)));
        Transformer box = secrets(config("- secretbox: {keys: [{name: key2, secret: %s}]}".formatted(B)));
        Transformer both = secrets(config("""
                - secretbox: {keys: [{name: key2, secret: %s}]}
                - aesgcm: {keys: [{name: key1, secret: %s}]}
                - identity: {}""".formatted(B, A)));

        assertThat(both.fromStorage(box.toStorage(PLAIN, CTX), CTX)).satisfies(d -> {
            assertThat(d.data()).isEqualTo(PLAIN);
            assertThat(d.stale()).isFalse();
        });
        assertThat(both.fromStorage(gcm.toStorage(PLAIN, CTX), CTX)).satisfies(d -> {
            assertThat(d.data()).isEqualTo(PLAIN);
            assertThat(d.stale()).isTrue();
        });
        // Plaintext written before encryption was turned on reads through identity, and is stale.
        assertThat(both.fromStorage(PLAIN, CTX).stale()).isTrue();
    }

    @Test
    void identityBeforeAnEncryptingProviderStillReadsEncryptedValues() {
        Transformer gcm = secrets(config("- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A)));
        Transformer decrypting =
                secrets(config("- identity: {}\n- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A)));

        Decrypted read = decrypting.fromStorage(gcm.toStorage(PLAIN, CTX), CTX);

        assertThat(read.data()).isEqualTo(PLAIN);
        assertThat(read.stale()).isTrue();
    }

    @Test
    void plainValuesFailWithoutIdentity() {
        Transformer t = secrets(config("- aesgcm: {keys: [{name: key1, secret: %s}]}".formatted(A)));
        assertThatThrownBy(() -> t.fromStorage(PLAIN, CTX))
                .isInstanceOf(TransformException.class)
                .hasMessage("no matching prefix found");
    }

    @Test
    void anUnknownKeyNameFails() {
        Transformer old = secrets(config("- aescbc: {keys: [{name: old, secret: %s}]}".formatted(A)));
        Transformer t = secrets(config("- aescbc: {keys: [{name: new, secret: %s}]}".formatted(B)));
        byte[] stored = old.toStorage(PLAIN, CTX);
        assertThatThrownBy(() -> t.fromStorage(stored, CTX))
                .hasMessage("no matching key was found for the provided AES transformer");
    }

    @Test
    void aKeyWithTheOldNameButOtherMaterialFails() {
        Transformer old = secrets(config("- secretbox: {keys: [{name: k, secret: %s}]}".formatted(A)));
        Transformer t = secrets(config("- secretbox: {keys: [{name: k, secret: %s}]}".formatted(B)));
        byte[] stored = old.toStorage(PLAIN, CTX);
        assertThatThrownBy(() -> t.fromStorage(stored, CTX)).isInstanceOf(TransformException.class);
    }

    @Test
    void keyRotationAddRewriteRemove() {
        Transformer step0 = secrets(config("- aesgcm: {keys: [{name: old, secret: %s}]}".formatted(A)));
        Transformer step1 =
                secrets(config("- aesgcm: {keys: [{name: old, secret: %s}, {name: new, secret: %s}]}".formatted(A, B)));
        Transformer step2 =
                secrets(config("- aesgcm: {keys: [{name: new, secret: %s}, {name: old, secret: %s}]}".formatted(B, A)));
        Transformer step3 = secrets(config("- aesgcm: {keys: [{name: new, secret: %s}]}".formatted(B)));
        byte[] stored = step0.toStorage(PLAIN, CTX);

        // Adding the new key second changes nothing yet: the old key still writes.
        assertThat(step1.fromStorage(stored, CTX).stale()).isFalse();
        assertThat(text(step1.toStorage(PLAIN, CTX))).startsWith("k8s:enc:aesgcm:v1:old:");
        // Moving it first makes old values stale; rewriting moves them to the new key.
        Decrypted beforeRewrite = step2.fromStorage(stored, CTX);
        assertThat(beforeRewrite.stale()).isTrue();
        byte[] rewritten = step2.toStorage(beforeRewrite.data(), CTX);
        assertThat(text(rewritten)).startsWith("k8s:enc:aesgcm:v1:new:");
        // With the old key removed, rewritten values read and old ones fail loudly.
        assertThat(step3.fromStorage(rewritten, CTX).data()).isEqualTo(PLAIN);
        assertThatThrownBy(() -> step3.fromStorage(stored, CTX)).isInstanceOf(TransformException.class);
    }

    @Test
    void lookupsTryTheResourceThenItsGroupThenEverything() {
        ResourceTransformers config =
                ResourceTransformers.of(EncryptionConfigurationTest.parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers: [{secretbox: {keys: [{name: s, secret: %s}]}}]
                - resources: ["*.example.com"]
                  providers: [{aescbc: {keys: [{name: c, secret: %s}]}}]
                - resources: ["*.*"]
                  providers: [{aesgcm: {keys: [{name: g, secret: %s}]}}]
                """.formatted(A, A, A)));

        assertThat(text(config.forResource(SECRETS).orElseThrow().toStorage(PLAIN, CTX)))
                .startsWith("k8s:enc:secretbox:");
        assertThat(text(config.forResource(new GroupResource("example.com", "widgets"))
                        .orElseThrow()
                        .toStorage(PLAIN, CTX)))
                .startsWith("k8s:enc:aescbc:");
        assertThat(text(config.forResource(new GroupResource("", "configmaps"))
                        .orElseThrow()
                        .toStorage(PLAIN, CTX)))
                .startsWith("k8s:enc:aesgcm:");
        assertThat(text(config.firstEntry().toStorage(PLAIN, CTX))).startsWith("k8s:enc:secretbox:");
        assertThat(config.configured())
                .extracting(GroupResource::toString)
                .containsExactly("secrets", "*.example.com", "*.*");
    }

    @Test
    void unlistedResourcesHaveNoTransformer() {
        ResourceTransformers config = config("[secrets, \"*.example.com\"]", "- identity: {}");
        assertThat(config.forResource(new GroupResource("", "configmaps"))).isEmpty();
        assertThat(config.forResource(new GroupResource("example.org", "widgets")))
                .isEmpty();
    }

    @Test
    void aResourceInSeveralEntriesGetsAllTheirProvidersInOrder() {
        ResourceTransformers config = ResourceTransformers.of(EncryptionConfigurationTest.parse("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers: [{aesgcm: {keys: [{name: first, secret: %s}]}}]
                - resources: [secrets]
                  providers: [{secretbox: {keys: [{name: second, secret: %s}]}}]
                """.formatted(A, B)));
        Transformer secondOnly = secrets(config("- secretbox: {keys: [{name: second, secret: %s}]}".formatted(B)));

        Transformer t = secrets(config);
        assertThat(text(t.toStorage(PLAIN, CTX))).startsWith("k8s:enc:aesgcm:v1:first:");
        assertThat(t.fromStorage(secondOnly.toStorage(PLAIN, CTX), CTX).stale()).isTrue();
    }

    @Test
    void anEntryMaskedByAnEarlierWildcardIsRefused() {
        String yaml = """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [%s]
                  providers: [{identity: {}}]
                - resources: [%s]
                  providers: [{identity: {}}]
                """;
        assertThatThrownBy(() ->
                        ResourceTransformers.of(EncryptionConfigurationTest.parse(yaml.formatted("\"*.\"", "secrets"))))
                .hasMessage("resource \"secrets\" is masked by earlier rule \"*.\"");
        assertThatThrownBy(() -> ResourceTransformers.of(
                        EncryptionConfigurationTest.parse(yaml.formatted("\"*.*\"", "widgets.example.com"))))
                .hasMessage("resource \"widgets.example.com\" is masked by earlier rule \"*.*\"");
        assertThatThrownBy(() -> ResourceTransformers.of(
                        EncryptionConfigurationTest.parse(yaml.formatted("\"*.example.com\"", "widgets.example.com"))))
                .hasMessage("resource \"widgets.example.com\" is masked by earlier rule \"*.example.com\"");
    }

    @Test
    void kmsIsRefusedWithAClearMessage() {
        assertThatThrownBy(() -> config("- kms: {name: k, endpoint: unix:///tmp/kms.sock}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kms providers are not supported");
    }

    @Test
    void loadNamesTheFileAndEveryProblem(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> ResourceTransformers.load(missing))
                .hasMessageStartingWith("error reading encryption provider configuration file \"" + missing + "\"");

        Path empty = Files.writeString(dir.resolve("empty.yaml"), "");
        assertThatThrownBy(() -> ResourceTransformers.load(empty))
                .hasMessage("encryption provider configuration file \"" + empty + "\" is empty");

        Path invalid = Files.writeString(dir.resolve("invalid.yaml"), """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers:
                  - aesgcm: {keys: [{name: a, secret: c2hvcnQ=}]}
                  - foo: {}
                """);
        assertThatThrownBy(() -> ResourceTransformers.load(invalid))
                .hasMessage("invalid encryption provider configuration file \"" + invalid + "\": ["
                        + "resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: \"REDACTED\": secret is not of "
                        + "the expected length, got 5, expected one of [16 24 32], "
                        + "resources[0].providers[1]: Invalid value: \"{}\": provider does not contain any of the "
                        + "expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity]");

        Path good = Files.writeString(dir.resolve("good.yaml"), """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers: [{aesgcm: {keys: [{name: a, secret: %s}]}}]
                """.formatted(A));
        assertThat(ResourceTransformers.load(good).forResource(SECRETS)).isPresent();
    }
}
