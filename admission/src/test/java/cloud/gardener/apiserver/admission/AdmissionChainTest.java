package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdmissionChainTest {

    private final List<String> calls = new ArrayList<>();

    private Attributes create() {
        return new Attributes(
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot"),
                new GroupResource("core.gardener.cloud", "shoots"),
                "",
                "garden-dev",
                "s",
                Operation.CREATE,
                JsonNodeFactory.instance.objectNode(),
                null,
                UserInfo.of("alice", List.of()),
                false);
    }

    /** A plugin that both mutates and validates, recording the order it is called in. */
    private final class Recording implements MutatingPlugin, ValidatingPlugin {
        private final String name;
        private final Operation handled;
        private final boolean reject;

        Recording(String name, Operation handled, boolean reject) {
            this.name = name;
            this.handled = handled;
            this.reject = reject;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean handles(Operation operation) {
            return operation == handled;
        }

        @Override
        public Future<Mutation> admit(Attributes a) {
            calls.add("admit:" + name);
            a.object().put(name, true);
            return Mutation.wrote();
        }

        @Override
        public Future<Void> validate(Attributes a) {
            calls.add("validate:" + name);
            return reject ? Future.failedFuture(ApiException.badRequest(name + " says no")) : Future.succeededFuture();
        }
    }

    @Test
    void runsAllMutatingPluginsInOrderThenAllValidatingOnes() {
        AdmissionChain chain = new AdmissionChain(
                List.of(new Recording("a", Operation.CREATE, false), new Recording("b", Operation.CREATE, false)));
        Attributes attrs = create();

        assertThat(chain.run(attrs).succeeded()).isTrue();

        assertThat(calls).containsExactly("admit:a", "admit:b", "validate:a", "validate:b");
        assertThat(attrs.object().has("a") && attrs.object().has("b")).isTrue();
    }

    @Test
    void skipsPluginsThatDoNotHandleTheOperation() {
        AdmissionChain chain = new AdmissionChain(List.of(new Recording("update-only", Operation.UPDATE, true)));

        assertThat(chain.run(create()).succeeded()).isTrue();
        assertThat(calls).isEmpty();
    }

    @Test
    void theFirstRejectionEndsTheChain() {
        AdmissionChain chain = new AdmissionChain(
                List.of(new Recording("a", Operation.CREATE, true), new Recording("b", Operation.CREATE, false)));

        Future<Void> result = chain.run(create());

        assertThat(result.failed()).isTrue();
        assertThat(result.cause()).hasMessage("a says no");
        assertThat(calls).containsExactly("admit:a", "admit:b", "validate:a");
    }

    /** A validating plugin whose answer comes later (as one waiting for a lookup), or that throws. */
    private final class Later implements ValidatingPlugin {
        private final String name;
        private final Promise<Void> answer = Promise.promise();
        private final boolean throwing;

        Later(String name, boolean throwing) {
            this.name = name;
            this.throwing = throwing;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean handles(Operation operation) {
            return true;
        }

        @Override
        public Future<Void> validate(Attributes a) {
            calls.add("validate:" + name);
            if (throwing) {
                throw new IllegalStateException(name + " broke");
            }
            return answer.future();
        }
    }

    /** Records the observer's calls. */
    private final class Observed implements AdmissionObserver {
        @Override
        public void plugin(String name, String type, Operation operation, boolean rejected, long elapsedNanos) {
            calls.add("observed:" + name + ":" + type + ":" + rejected);
        }

        @Override
        public void step(String type, Operation operation, boolean rejected, long elapsedNanos) {
            calls.add("step:" + type + ":" + rejected);
        }
    }

    @Test
    void pluginsAfterOneThatAnswersLaterRunWhenItHas() {
        Later later = new Later("later", false);
        AdmissionChain chain = new AdmissionChain(
                List.of(
                        new Recording("a", Operation.CREATE, false),
                        later,
                        new Recording("b", Operation.CREATE, false)),
                new Observed());

        Future<Void> result = chain.validate(create());

        assertThat(result.isComplete()).isFalse();
        assertThat(calls).containsExactly("validate:a", "observed:a:validate:false", "validate:later");
        later.answer.complete();
        assertThat(result.succeeded()).isTrue();
        assertThat(calls)
                .containsExactly(
                        "validate:a",
                        "observed:a:validate:false",
                        "validate:later",
                        "observed:later:validate:false",
                        "validate:b",
                        "observed:b:validate:false",
                        "step:validate:false");
    }

    @Test
    void aPluginThatThrowsFailsThePhaseUnobservedAndEndsIt() {
        AdmissionChain chain = new AdmissionChain(
                List.of(
                        new Recording("a", Operation.CREATE, false),
                        new Later("broken", true),
                        new Recording("b", Operation.CREATE, false)),
                new Observed());

        Future<Void> result = chain.validate(create());

        assertThat(result.failed()).isTrue();
        assertThat(result.cause()).isInstanceOf(IllegalStateException.class).hasMessage("broken broke");
        assertThat(calls)
                .containsExactly("validate:a", "observed:a:validate:false", "validate:broken", "step:validate:true");
    }

    @Test
    void aRejectionIsObservedAsRejected() {
        AdmissionChain chain = new AdmissionChain(
                List.of(new Recording("a", Operation.CREATE, true), new Recording("b", Operation.CREATE, false)),
                new Observed());

        assertThat(chain.validate(create()).failed()).isTrue();
        assertThat(calls).containsExactly("validate:a", "observed:a:validate:true", "step:validate:true");
    }
}
