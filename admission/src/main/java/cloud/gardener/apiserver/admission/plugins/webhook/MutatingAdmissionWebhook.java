package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.PluginContext;
import io.vertx.core.Future;
import java.util.List;

/**
 * The generic MutatingAdmissionWebhook: the mutating webhooks that apply are called one after the other, each
 * seeing the object as the ones before it patched it. Webhooks are called once: reinvocation
 * ({@code reinvocationPolicy: IfNeeded}) is not done.
 */
public final class MutatingAdmissionWebhook extends WebhookAdmission implements MutatingPlugin {

    public static final String NAME = "MutatingAdmissionWebhook";

    public MutatingAdmissionWebhook(PluginContext context) {
        super(NAME, context, true);
    }

    @Override
    public Future<Void> admit(Attributes a) {
        return dispatch(a, this::inTurn);
    }

    private Future<Void> inTurn(List<Webhook> hooks, Attributes a) {
        Future<Void> chain = Future.succeededFuture();
        for (Webhook hook : hooks) {
            chain = chain.compose(v -> dispatcher.applies(hook, a).compose(applies -> applies
                    ? failurePolicy(hook, dispatcher.mutate(hook, a)) : Future.succeededFuture()));
        }
        return chain;
    }
}
