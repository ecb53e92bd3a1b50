package cloud.gardener.apiserver.admission.config;

import cloud.gardener.apiserver.api.json.YamlDecodingException;
import cloud.gardener.apiserver.api.json.YamlToJson;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code --admission-control-config-file}: an {@code apiserver.config.k8s.io/v1} (or the older
 * {@code apiserver.k8s.io/v1alpha1}) AdmissionConfiguration whose {@code plugins} give each plugin's
 * configuration inline ({@code configuration}) or in a file ({@code path}, relative to the configuration
 * file's directory), as k8s.io/apiserver's ReadAdmissionConfiguration does. Entries for plugins that are
 * not enabled are kept and simply not used.
 */
public final class AdmissionConfigurationFile {

    private static final Set<String> API_VERSIONS = Set.of("apiserver.config.k8s.io/v1", "apiserver.k8s.io/v1alpha1");

    private AdmissionConfigurationFile() {}

    /** Each plugin's configuration by name. */
    public static Map<String, JsonNode> read(Path file) {
        JsonNode root = parse(file);
        String apiVersion = root.path("apiVersion").asText();
        String kind = root.path("kind").asText();
        if (!"AdmissionConfiguration".equals(kind) || !API_VERSIONS.contains(apiVersion)) {
            throw new IllegalArgumentException(file + ": expected kind AdmissionConfiguration of apiVersion "
                    + "apiserver.config.k8s.io/v1, found " + (apiVersion.isEmpty() ? "<none>" : apiVersion) + ", "
                    + (kind.isEmpty() ? "<none>" : kind));
        }
        Map<String, JsonNode> configurations = new LinkedHashMap<>();
        JsonNode plugins = root.path("plugins");
        if (!plugins.isMissingNode() && !plugins.isNull() && !plugins.isArray()) {
            throw new IllegalArgumentException(file + ": plugins must be a list");
        }
        for (JsonNode plugin : plugins) {
            String name = plugin.path("name").asText();
            if (name.isEmpty()) {
                throw new IllegalArgumentException(file + ": every entry of plugins needs a name");
            }
            JsonNode inline = plugin.get("configuration");
            String path = plugin.path("path").asText();
            if (inline != null && !inline.isNull()) {
                configurations.put(name, inline);
            } else if (!path.isEmpty()) {
                Path target = Path.of(path);
                configurations.put(
                        name,
                        parse(
                                target.isAbsolute()
                                        ? target
                                        : file.toAbsolutePath().getParent().resolve(target)));
            }
        }
        return configurations;
    }

    private static JsonNode parse(Path file) {
        try {
            JsonNode node = YamlToJson.readTree(Files.readAllBytes(file));
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(file + ": not a YAML or JSON object");
            }
            return node;
        } catch (IOException e) {
            if (e instanceof YamlDecodingException parse) {
                throw new IllegalArgumentException(file + ": " + parse.getMessage(), e);
            }
            throw new UncheckedIOException("cannot read admission configuration " + file, e);
        }
    }
}
