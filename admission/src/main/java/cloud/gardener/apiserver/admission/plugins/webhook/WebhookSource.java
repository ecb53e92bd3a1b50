package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The webhooks to call, as k8s.io/apiserver's composite webhook source: those of the static manifests first, then
 * the configurations registered in the (virtual garden's) API, ordered by configuration name.
 */
final class WebhookSource {

    private static final String GROUP = "admissionregistration.k8s.io";

    private final ObjectLookup objects;
    private final GroupResource resource;
    private final List<Webhook> manifests;

    WebhookSource(ObjectLookup objects, boolean mutating, List<Webhook> manifests) {
        this.objects = objects;
        this.resource = new GroupResource(
                GROUP, mutating ? "mutatingwebhookconfigurations" : "validatingwebhookconfigurations");
        this.manifests = List.copyOf(manifests);
    }

    Future<List<Webhook>> webhooks() {
        return objects.list(resource, "").map(configurations -> {
            List<ObjectNode> sorted = new ArrayList<>(configurations);
            sorted.sort(
                    Comparator.comparing(c -> c.path("metadata").path("name").asText("")));
            List<Webhook> hooks = new ArrayList<>(manifests);
            sorted.forEach(c -> hooks.addAll(Webhook.of(c)));
            return hooks;
        });
    }

    /** Whether the request is about a webhook or policy configuration, which API-registered webhooks never see. */
    static boolean exempt(cloud.gardener.apiserver.admission.Attributes a) {
        return a.kind().group().equals(GROUP)
                && List.of(
                                "ValidatingWebhookConfiguration",
                                "MutatingWebhookConfiguration",
                                "ValidatingAdmissionPolicy",
                                "ValidatingAdmissionPolicyBinding",
                                "MutatingAdmissionPolicy",
                                "MutatingAdmissionPolicyBinding")
                        .contains(a.kind().kind());
    }
}
