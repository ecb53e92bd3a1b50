package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Handler;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What the two webhook plugins share, as k8s.io/apiserver's {@code generic.Webhook}: the configuration
 * ({@code WebhookAdmissionConfiguration} with {@code staticManifestsDir}; {@code kubeConfigFile}, the webhooks'
 * client credentials, is not supported), the source of webhooks, readiness and the exemption of webhook and policy
 * configurations from API-registered webhooks.
 */
abstract class WebhookAdmission extends Handler {

    private final ObjectLookup objects;
    private final WebhookSource source;
    private final WebhookSource staticOnly;
    final WebhookDispatcher dispatcher;

    WebhookAdmission(String name, PluginContext context, boolean mutating) {
        super(name, Operation.CREATE, Operation.UPDATE, Operation.DELETE, Operation.CONNECT);
        this.objects = context.objects();
        List<Webhook> manifests = manifests(context.configuration(), mutating);
        this.source = new WebhookSource(objects, mutating, manifests);
        this.staticOnly = new WebhookSource(ObjectLookup.empty(), mutating, manifests);
        this.dispatcher = new WebhookDispatcher(objects, new WebhookClient(context.vertx()));
    }

    private static List<Webhook> manifests(JsonNode configuration, boolean mutating) {
        if (configuration == null || configuration.path("staticManifestsDir").asText("").isEmpty()) {
            return List.of();
        }
        return StaticManifests.load(Path.of(configuration.path("staticManifestsDir").asText()), mutating);
    }

    /** Runs {@code each} for the webhooks that apply to the request, in order or all at once. */
    Future<Void> dispatch(Attributes a, BiFunction<List<Webhook>, Attributes, Future<Void>> each) {
        if (WebhookSource.exempt(a)) {
            // webhooks registered in the API never see their own kind (no self-lockout); static ones do
            return staticOnly.webhooks().compose(hooks -> each.apply(hooks, a));
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        return source.webhooks().compose(hooks -> each.apply(hooks, a));
    }

    /** Applies the failure policy to one webhook's outcome. */
    static Future<Void> failurePolicy(Webhook hook, Future<Void> outcome) {
        return outcome.recover(error -> {
            if (error instanceof WebhookDispatcher.CallFailure failure) {
                return hook.failOpen() ? Future.succeededFuture()
                        : Future.failedFuture(cloud.gardener.apiserver.api.meta.ApiException.internal(failure.getMessage()));
            }
            return Future.failedFuture(error);
        });
    }
}
