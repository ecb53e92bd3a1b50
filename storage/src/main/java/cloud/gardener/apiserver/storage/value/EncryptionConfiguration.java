package cloud.gardener.apiserver.storage.value;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.YamlDecodingException;
import cloud.gardener.apiserver.api.json.YamlToJson;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The {@code --encryption-provider-config} document, {@code apiserver.config.k8s.io/v1}
 * {@code EncryptionConfiguration}, field for field. The nested records are the document's parts and
 * only make sense inside it.
 *
 * <pre>
 * apiVersion: apiserver.config.k8s.io/v1
 * kind: EncryptionConfiguration
 * resources:
 * - resources: [secrets, "*.example.com"]
 *   providers:
 *   - aesgcm: {keys: [{name: key1, secret: &lt;base64 of 16, 24 or 32 bytes&gt;}]}
 *   - identity: {}
 * </pre>
 */
public record EncryptionConfiguration(String apiVersion, String kind, List<ResourceConfiguration> resources) {

    public static final String API_VERSION = "apiserver.config.k8s.io/v1";
    public static final String KIND = "EncryptionConfiguration";

    public EncryptionConfiguration {
        resources = resources == null ? List.of() : List.copyOf(resources);
    }

    /** Resources and the providers that store them, in order: the first provider writes. */
    public record ResourceConfiguration(List<String> resources, List<ProviderConfiguration> providers) {
        public ResourceConfiguration {
            resources = resources == null ? List.of() : List.copyOf(resources);
            providers = providers == null ? List.of() : List.copyOf(providers);
        }
    }

    /** Exactly one of the fields is set. {@code identity} and {@code kms} are kept as given. */
    public record ProviderConfiguration(
            KeysConfiguration aescbc,
            KeysConfiguration aesgcm,
            KeysConfiguration secretbox,
            JsonNode identity,
            JsonNode kms) {

        /** Which providers the entry names (more than one is invalid). */
        List<String> named() {
            List<String> names = new java.util.ArrayList<>();
            if (present(kms)) {
                names.add("kms");
            }
            if (aesgcm != null) {
                names.add("aesgcm");
            }
            if (aescbc != null) {
                names.add("aescbc");
            }
            if (secretbox != null) {
                names.add("secretbox");
            }
            if (present(identity)) {
                names.add("identity");
            }
            return names;
        }

        private static boolean present(JsonNode node) {
            return node != null && !node.isNull() && !node.isMissingNode();
        }
    }

    /** The keys of aescbc, aesgcm and secretbox; the first one encrypts, all of them decrypt. */
    public record KeysConfiguration(List<Key> keys) {
        public KeysConfiguration {
            keys = keys == null ? List.of() : List.copyOf(keys);
        }
    }

    /** A named key; {@code secret} is its base64 encoding. */
    public record Key(String name, String secret) {
        @Override
        public String toString() {
            return "Key[name=" + name + ", secret=REDACTED]";
        }
    }

    /**
     * Reads the document (YAML or JSON).
     *
     * @throws IllegalArgumentException when it is not an {@code apiserver.config.k8s.io/v1} EncryptionConfiguration
     */
    public static EncryptionConfiguration parse(byte[] document) {
        EncryptionConfiguration config;
        try {
            config = Json.MAPPER.treeToValue(YamlToJson.readTree(document), EncryptionConfiguration.class);
        } catch (YamlDecodingException e) {
            throw new IllegalArgumentException("cannot parse the encryption configuration: " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "cannot parse the encryption configuration: " + e.getOriginalMessage(), e);
        }
        if (config == null) {
            throw new IllegalArgumentException("the encryption configuration is empty");
        }
        if (config.kind() == null || config.kind().isEmpty()) {
            throw new IllegalArgumentException("Object 'Kind' is missing in the encryption configuration");
        }
        if (!API_VERSION.equals(config.apiVersion()) || !KIND.equals(config.kind())) {
            throw new IllegalArgumentException("no kind \"" + config.kind() + "\" is registered for version \""
                    + config.apiVersion() + "\" (expected " + API_VERSION + " " + KIND + ")");
        }
        return config;
    }
}
