package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.PluginContext;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The generic MutatingAdmissionWebhook: the mutating webhooks that apply are called one after the other, each
 * seeing the object as the ones before it patched it. When a webhook changes the object, the webhooks called
 * before it with {@code reinvocationPolicy: IfNeeded} are called once more after the pass, as upstream's
 * reinvocation does for webhooks (the in-tree plugins are not run a second time here).
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
        List<Webhook> reinvocable = new ArrayList<>();
        Set<Webhook> again = new LinkedHashSet<>();
        Future<Void> chain = Future.succeededFuture();
        for (Webhook hook : hooks) {
            chain = chain.compose(v -> dispatcher.applies(hook, a).compose(applies -> {
                if (!applies) {
                    return Future.succeededFuture();
                }
                JsonNode before = a.object() == null ? null : a.object().deepCopy();
                return failurePolicy(hook, dispatcher.mutate(hook, a)).map(done -> {
                    if (before != null && !before.equals(a.object())) {
                        again.addAll(reinvocable);
                    }
                    if (hook.reinvokeIfNeeded()) {
                        reinvocable.add(hook);
                    }
                    return null;
                });
            }));
        }
        return chain.compose(v -> {
            Future<Void> second = Future.succeededFuture();
            for (Webhook hook : again) {
                second = second.compose(w -> failurePolicy(hook, dispatcher.mutate(hook, a)));
            }
            return second;
        });
    }
}
