package cloud.gardener.apiserver.storage.value;

import java.nio.charset.StandardCharsets;

/**
 * A transformer whose stored values start with {@code prefix}: a provider
 * ({@code k8s:enc:aesgcm:v1:}) or one of its keys ({@code key1:}). The identity provider has the empty
 * prefix.
 */
public record PrefixTransformer(String prefix, Transformer transformer) {

    byte[] prefixBytes() {
        return prefix.getBytes(StandardCharsets.UTF_8);
    }
}
