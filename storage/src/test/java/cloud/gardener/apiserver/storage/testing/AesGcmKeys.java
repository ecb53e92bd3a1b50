package cloud.gardener.apiserver.storage.testing;

import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.storage.value.EncryptionConfiguration;
import cloud.gardener.apiserver.storage.value.ResourceTransformers;
import cloud.gardener.apiserver.storage.value.Transformer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Encryption at rest for tests: the transformer an {@code aesgcm} provider with named keys gives, built from an
 * EncryptionConfiguration as {@code --encryption-provider-config} builds it. Each call builds a new transformer, as a
 * reloaded configuration does.
 */
public final class AesGcmKeys {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final GroupResource SECRETS = new GroupResource("", "secrets");

    private AesGcmKeys() {}

    /** A random 32-byte AES key, base64 as the configuration holds it. */
    public static String randomKey() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /** The aesgcm provider with these keys in order (name, base64 secret, ...): the first one writes. */
    public static Transformer transformer(String... namesAndSecrets) {
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < namesAndSecrets.length; i += 2) {
            keys.append(i == 0 ? "" : ", ")
                    .append("{name: ")
                    .append(namesAndSecrets[i])
                    .append(", secret: ")
                    .append(namesAndSecrets[i + 1])
                    .append("}");
        }
        String yaml = """
                apiVersion: apiserver.config.k8s.io/v1
                kind: EncryptionConfiguration
                resources:
                - resources: [secrets]
                  providers:
                  - aesgcm: {keys: [%s]}
                """.formatted(keys);
        return ResourceTransformers.of(EncryptionConfiguration.parse(yaml.getBytes(StandardCharsets.UTF_8)))
                .forResource(SECRETS)
                .orElseThrow();
    }
}
