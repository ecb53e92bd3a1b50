package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.api.json.JsonTrees.text;

import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The fields a shoot keeps in step while two spellings coexist: {@code cloudProfileName} with
 * {@code cloudProfile} ({@code SyncCloudProfileFields}) and a DNS provider's {@code secretName} with its
 * {@code credentialsRef} ({@code SyncDNSProviderCredentials}).
 */
final class ShootSync {

    static final String CLOUD_PROFILE = "CloudProfile";

    private ShootSync() {}

    /** @param old the stored shoot, {@code null} on create */
    static void cloudProfileFields(ObjectNode old, ObjectNode shoot) {
        if (ObjectTrees.isDeleting(shoot)) {
            return;
        }
        ObjectNode spec = shoot.withObjectProperty("spec");
        Optional<KubernetesVersion> version = KubernetesVersion.parse(text(shoot, "spec", "kubernetes", "version"));
        if (version.isPresent() && version.get().atLeast(1, 34)) {
            // no more syncing: only the reference's kind is defaulted, and an unchanged duplicate name dropped
            JsonNode ref = spec.get("cloudProfile");
            if (ref instanceof ObjectNode r && text(r, "kind").isEmpty()) {
                r.put("kind", CLOUD_PROFILE);
            }
            String name = text(spec, "cloudProfileName");
            if (old != null
                    && spec.hasNonNull("cloudProfileName")
                    && ref instanceof ObjectNode r
                    && CLOUD_PROFILE.equals(text(r, "kind"))
                    && name.equals(text(old, "spec", "cloudProfileName"))
                    && name.equals(text(r, "name"))) {
                spec.remove("cloudProfileName");
            }
            return;
        }
        if (!spec.hasNonNull("cloudProfile") && spec.hasNonNull("cloudProfileName")) {
            spec.putObject("cloudProfile").put("kind", CLOUD_PROFILE).put("name", text(spec, "cloudProfileName"));
        }
        JsonNode ref = spec.get("cloudProfile");
        if (!(ref instanceof ObjectNode r)) {
            return;
        }
        if (text(r, "kind").isEmpty()) {
            r.put("kind", CLOUD_PROFILE);
        }
        String name = text(spec, "cloudProfileName");
        if (CLOUD_PROFILE.equals(text(r, "kind"))
                && (version.isEmpty()
                        || version.get().lessThan(1, 33)
                        || (!name.isEmpty() && !name.equals(text(r, "name"))))) {
            spec.put("cloudProfileName", text(r, "name"));
        }
        if (!CLOUD_PROFILE.equals(text(r, "kind"))) {
            spec.remove("cloudProfileName");
        }
    }

    /** Until Kubernetes 1.35 a provider's secret is named both ways. */
    static void dnsProviderCredentials(ObjectNode shoot) {
        JsonNode providers = shoot.path("spec").path("dns").path("providers");
        if (!providers.isArray()) {
            return;
        }
        Optional<KubernetesVersion> version = KubernetesVersion.parse(text(shoot, "spec", "kubernetes", "version"));
        if (version.isPresent() && version.get().atLeast(1, 35)) {
            return;
        }
        for (JsonNode p : providers) {
            if (!(p instanceof ObjectNode provider)) {
                continue;
            }
            JsonNode ref = provider.get("credentialsRef");
            boolean hasRef = ref != null && !ref.isNull();
            if (provider.hasNonNull("secretName") && !hasRef) {
                provider.putObject("credentialsRef")
                        .put("apiVersion", "v1")
                        .put("kind", "Secret")
                        .put("name", text(provider, "secretName"));
            } else if (!provider.hasNonNull("secretName")
                    && hasRef
                    && "v1".equals(text(ref, "apiVersion"))
                    && "Secret".equals(text(ref, "kind"))) {
                provider.put("secretName", text(ref, "name"));
            }
        }
    }
}
