package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.MutatingPlugin;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.PluginContext;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
    public Future<Mutation> admit(Attributes a) {
        // a webhook's patch may change any part of the object: always counted as written
        return dispatch(a, this::inTurn).map(Mutation.WROTE);
    }

    /** Round 0 over every webhook in order (the index counts them all), then round 1 for those to reinvoke. */
    private Future<Void> inTurn(List<Webhook> hooks, Attributes a) {
        List<Integer> reinvocable = new ArrayList<>();
        Set<Integer> again = new TreeSet<>();
        Future<Void> chain = Future.succeededFuture();
        for (int i = 0; i < hooks.size(); i++) {
            Webhook hook = hooks.get(i);
            int index = i;
            chain = chain.compose(v -> dispatcher.applies(hook, a).compose(applies -> {
                if (!applies) {
                    return Future.succeededFuture();
                }
                return mutate(hook, a, 0, index).map(changed -> {
                    if (changed) {
                        again.addAll(reinvocable);
                    }
                    if (hook.reinvokeIfNeeded()) {
                        reinvocable.add(index);
                    }
                    return null;
                });
            }));
        }
        return chain.compose(v -> {
            Future<Void> second = Future.succeededFuture();
            for (int index : again) {
                second = second.compose(
                        w -> mutate(hooks.get(index), a, 1, index).mapEmpty());
            }
            return second;
        });
    }

    private Future<Boolean> mutate(Webhook hook, Attributes a, int round, int index) {
        CallAnnotations annotations = new CallAnnotations(a, hook, CallAnnotations.MUTATING, round, index);
        return call(hook, "admit", a, annotations, () -> dispatcher.mutate(hook, a, annotations), false);
    }
}
