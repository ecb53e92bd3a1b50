package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.storage.value.Transformer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which served resources the encryption config covers, and under which key prefixes. */
class EncryptionAtRestTest {

    private static final ResourceRegistry RESOURCES = ResourceRegistry.standard(true);
    private static final String PREFIX = "/registry-gardener";

    private static String key() {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        return Base64.getEncoder().encodeToString(k);
    }

    private static ResourceTransformers config(String entries) {
        return ResourceTransformers.of(EncryptionConfiguration.parse(("""
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                """ + entries).getBytes(StandardCharsets.UTF_8)));
    }

    private static String writtenEnvelope(Transformer t) {
        byte[] out = t.toStorage("x".getBytes(StandardCharsets.UTF_8), "k".getBytes(StandardCharsets.UTF_8));
        String s = new String(out, StandardCharsets.ISO_8859_1);
        return s.startsWith("k8s:enc:") ? s.substring(0, s.indexOf(':', s.indexOf(":v1:") + 4) + 1) : "plain";
    }

    @Test
    void anyConfigEncryptsGardenersFourAndSecretsWithTheFirstEntrysProviders() {
        Map<String, Transformer> prefixes =
                EncryptionAtRest.keyPrefixes(config("""
                - resources: [configmaps]
                  providers: [{aesgcm: {keys: [{name: first, secret: %s}]}}]
                """.formatted(key())), RESOURCES, PREFIX);

        assertThat(prefixes.keySet())
                .containsExactlyInAnyOrder(
                        "/registry-gardener/configmaps/",
                        "/registry-gardener/secrets/",
                        "/registry-gardener/core.gardener.cloud/controllerdeployments/",
                        "/registry-gardener/core.gardener.cloud/controllerregistrations/",
                        "/registry-gardener/core.gardener.cloud/internalsecrets/",
                        "/registry-gardener/core.gardener.cloud/shootstates/");
        assertThat(prefixes.values())
                .allSatisfy(t -> assertThat(writtenEnvelope(t)).isEqualTo("k8s:enc:aesgcm:v1:first:"));
    }

    @Test
    void explicitEntriesAndGroupWildcardsWin() {
        Map<String, Transformer> prefixes =
                EncryptionAtRest.keyPrefixes(config("""
                - resources: [shoots.core.gardener.cloud]
                  providers: [{secretbox: {keys: [{name: box, secret: %s}]}}]
                - resources: [internalsecrets.core.gardener.cloud]
                  providers: [{aescbc: {keys: [{name: cbc, secret: %s}]}}]
                - resources: ["*.seedmanagement.gardener.cloud"]
                  providers: [{aesgcm: {keys: [{name: gcm, secret: %s}]}}]
                """.formatted(key(), key(), key())), RESOURCES, PREFIX);

        assertThat(writtenEnvelope(prefixes.get("/registry-gardener/core.gardener.cloud/shoots/")))
                .isEqualTo("k8s:enc:secretbox:v1:box:");
        assertThat(writtenEnvelope(prefixes.get("/registry-gardener/core.gardener.cloud/internalsecrets/")))
                .isEqualTo("k8s:enc:aescbc:v1:cbc:");
        assertThat(writtenEnvelope(prefixes.get("/registry-gardener/core.gardener.cloud/shootstates/")))
                .as("always encrypted, not listed: the first entry's providers")
                .isEqualTo("k8s:enc:secretbox:v1:box:");
        assertThat(writtenEnvelope(prefixes.get("/registry-gardener/seedmanagement.gardener.cloud/managedseeds/")))
                .isEqualTo("k8s:enc:aesgcm:v1:gcm:");
        assertThat(prefixes).doesNotContainKey("/registry-gardener/core.gardener.cloud/seeds/");
    }

    @Test
    void everythingWildcardCoversEveryServedResource() {
        Map<String, Transformer> prefixes =
                EncryptionAtRest.keyPrefixes(config("""
                - resources: ["*.*"]
                  providers: [{aesgcm: {keys: [{name: all, secret: %s}]}}]
                """.formatted(key())), RESOURCES, PREFIX);

        assertThat(prefixes).hasSize(RESOURCES.resources().size());
    }

    @Test
    void keyPrefixesMatchTheStoresKeyLayout() {
        for (ResourceType type : RESOURCES.resources()) {
            GenericStore store = new GenericStore(type, null, PREFIX, null, null);
            assertThat(EncryptionAtRest.keyPrefix(PREFIX, type))
                    .as(type.plural())
                    .isEqualTo(store.keys().collection(""));
        }
    }

    @Test
    void withoutAConfigTheStorageIsUnchanged() {
        assertThat(EncryptionAtRest.wrap(null, null, PREFIX)).isNull();
    }
}
