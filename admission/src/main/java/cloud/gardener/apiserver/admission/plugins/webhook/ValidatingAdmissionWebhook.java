package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * The generic ValidatingAdmissionWebhook: the validating webhooks that apply are called at once; the request is
 * refused with the first error in webhook order (upstream takes the first to arrive).
 */
public final class ValidatingAdmissionWebhook extends WebhookAdmission implements ValidatingPlugin {

    public static final String NAME = "ValidatingAdmissionWebhook";

    public ValidatingAdmissionWebhook(PluginContext context) {
        super(NAME, context, false);
    }

    @Override
    public Future<Void> validate(Attributes a) {
        return dispatch(a, this::atOnce);
    }

    /** As upstream: first which webhooks apply (an error there ends the request), then all of those at once. */
    private Future<Void> atOnce(List<Webhook> hooks, Attributes a) {
        List<Future<Boolean>> applying = new ArrayList<>();
        for (Webhook hook : hooks) {
            applying.add(dispatcher.applies(hook, a));
        }
        return Future.all(applying).compose(done -> {
            List<Webhook> relevant = new ArrayList<>();
            for (int i = 0; i < hooks.size(); i++) {
                if (applying.get(i).result()) {
                    relevant.add(hooks.get(i));
                }
            }
            return callAll(relevant, a);
        });
    }

    private Future<Void> callAll(List<Webhook> relevant, Attributes a) {
        List<Future<Void>> calls = new ArrayList<>();
        for (int i = 0; i < relevant.size(); i++) {
            Webhook hook = relevant.get(i);
            CallAnnotations annotations = new CallAnnotations(a, hook, CallAnnotations.VALIDATING, 0, i);
            calls.add(call(hook, "validating", a, annotations, () -> dispatcher.validate(hook, a, annotations), null));
        }
        return Future.join(calls).transform(done -> {
            for (Future<Void> call : calls) {
                if (call.failed()) {
                    return Future.failedFuture(call.cause());
                }
            }
            return Future.succeededFuture();
        });
    }
}
