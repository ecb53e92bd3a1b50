package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.AdmissionObserver;
import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the two webhook plugins share, as k8s.io/apiserver's {@code generic.Webhook}: the configuration
 * ({@code WebhookAdmissionConfiguration} with {@code staticManifestsDir}; {@code kubeConfigFile}, the webhooks'
 * client credentials, is not supported), the source of webhooks, readiness and the exemption of webhook and policy
 * configurations from API-registered webhooks.
 */
abstract class WebhookAdmission extends BasePlugin {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookAdmission.class);

    private final ObjectLookup objects;
    private final AdmissionObserver observer;
    private final WebhookSource source;
    private final WebhookSource staticOnly;
    final WebhookDispatcher dispatcher;

    WebhookAdmission(String name, PluginContext context, boolean mutating) {
        super(name, Operation.CREATE, Operation.UPDATE, Operation.DELETE, Operation.CONNECT);
        this.objects = context.objects();
        this.observer = context.observer();
        List<Webhook> manifests = manifests(context.configuration(), mutating);
        this.source = new WebhookSource(objects, mutating, manifests);
        this.staticOnly = new WebhookSource(ObjectLookup.empty(), mutating, manifests);
        this.dispatcher = new WebhookDispatcher(objects, new WebhookClient(context.vertx()));
    }

    private static List<Webhook> manifests(JsonNode configuration, boolean mutating) {
        if (configuration == null
                || configuration.path("staticManifestsDir").asText("").isEmpty()) {
            return List.of();
        }
        return StaticManifests.load(
                Path.of(configuration.path("staticManifestsDir").asText()), mutating);
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

    /**
     * One webhook call under its failure policy, reported as upstream's dispatchers report it: its latency, code and
     * rejection to the metrics ({@code type} {@code admit} or {@code validating}), and a call that failed open to
     * the metrics and the audit annotations.
     *
     * @param failedOpen what the call yields when it failed and the failure policy ignores that
     */
    <T> Future<T> call(
            Webhook hook,
            String type,
            Attributes a,
            CallAnnotations annotations,
            Supplier<Future<T>> call,
            T failedOpen) {
        long start = System.nanoTime();
        return call.get().transform(ar -> {
            long elapsed = System.nanoTime() - start;
            String name = hook.name();
            if (ar.succeeded()) {
                observer.webhook(name, type, a.operation(), false, 200, elapsed);
                return Future.succeededFuture(ar.result());
            }
            Throwable error = ar.cause();
            if (error instanceof WebhookDispatcher.CallFailure failure) {
                boolean rejected = !hook.failOpen();
                if (rejected) {
                    observer.webhookRejection(name, type, a.operation(), "calling_webhook_error", failure.code());
                }
                observer.webhook(name, type, a.operation(), rejected, failure.code(), elapsed);
                if (rejected) {
                    return Future.failedFuture(ApiException.internal(failure.getMessage()));
                }
                LOG.warn("Failed calling webhook, failing open {}: {}", name, failure.getMessage());
                observer.webhookFailOpen(name, type);
                annotations.failedOpen();
                return Future.succeededFuture(failedOpen);
            }
            if (error instanceof WebhookDispatcher.Rejection rejection) {
                int code = rejection.status().code();
                observer.webhookRejection(name, type, a.operation(), "no_error", code);
                observer.webhook(name, type, a.operation(), true, code, elapsed);
                return Future.failedFuture(rejection.status());
            }
            observer.webhookRejection(name, type, a.operation(), "apiserver_internal_error", 0);
            observer.webhook(name, type, a.operation(), true, 0, elapsed);
            return Future.failedFuture(error);
        });
    }
}
