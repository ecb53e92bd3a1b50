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

    private Future<Void> atOnce(List<Webhook> hooks, Attributes a) {
        List<Future<Void>> calls = new ArrayList<>();
        for (Webhook hook : hooks) {
            calls.add(dispatcher.applies(hook, a).compose(applies -> applies
                    ? failurePolicy(hook, dispatcher.validate(hook, a)) : Future.succeededFuture()));
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
