package cloud.gardener.apiserver.admission.plugins.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Webhook configurations read once at start-up from the {@code staticManifestsDir} of a
 * {@code WebhookAdmissionConfiguration} (k8s.io/apiserver's manifest-based admission configuration): every
 * {@code .yaml}, {@code .yml} and {@code .json} file in name order, YAML documents and {@code List}s unpacked.
 * Static webhooks must name a {@code clientConfig.url}; a service reference, another kind or a name used twice
 * stops the server with the file named.
 */
final class StaticManifests {

    private static final String API_VERSION = "admissionregistration.k8s.io/v1";
    private static final List<String> KINDS = List.of("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration");

    private StaticManifests() {}

    /** The webhooks of the given kind's configurations, in file order. */
    static List<Webhook> load(Path dir, boolean mutating) {
        String wanted = mutating ? "MutatingWebhookConfiguration" : "ValidatingWebhookConfiguration";
        List<Webhook> hooks = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        for (ManifestDocument document : ManifestDocument.read(dir)) {
            Path file = document.file();
            JsonNode object = document.object();
            String kind = object.path("kind").asText("");
            if (!API_VERSION.equals(object.path("apiVersion").asText()) || !KINDS.contains(kind)) {
                throw new IllegalArgumentException("error loading " + file + ": unsupported object "
                        + object.path("apiVersion").asText() + ", Kind=" + kind
                        + "; only admissionregistration.k8s.io/v1 webhook configurations are supported");
            }
            if (!kind.equals(wanted)) {
                continue;
            }
            String name = object.path("metadata").path("name").asText("");
            Path earlier = seen.put(name, file);
            if (earlier != null) {
                throw new IllegalArgumentException(
                        "error loading " + file + ": " + kind + " \"" + name + "\" is also defined in " + earlier);
            }
            for (JsonNode hook : object.path("webhooks")) {
                JsonNode client = hook.path("clientConfig");
                String where =
                        "webhook \"" + hook.path("name").asText() + "\" in \"" + name + "\" (file \"" + file + "\"): ";
                if (client.has("service")) {
                    throw new IllegalArgumentException(
                            where
                                    + "clientConfig.service is not supported for static manifests; use clientConfig.url instead");
                }
                if (client.path("url").asText("").isEmpty()) {
                    throw new IllegalArgumentException(where + "clientConfig.url is required for static manifests");
                }
            }
            hooks.addAll(Webhook.of(object));
        }
        return hooks;
    }
}
