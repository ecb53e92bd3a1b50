package cloud.gardener.apiserver.authn;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.delegation.FakeKubeApi;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests served by two event loops present the same token at once: they share one TokenReview, and each goes
 * on on its own event loop, not on the one whose request started the review.
 */
class TokenReviewAcrossEventLoopsTest {

    private final CountDownLatch answer = new CountDownLatch(1);
    private FakeKubeApi api;
    private Vertx vertx;

    @BeforeEach
    void start() throws Exception {
        api = new FakeKubeApi();
        api.on(TokenReviewAuthenticator.PATH, review -> {
            try {
                // the first review stays unanswered until the second request has joined it
                answer.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new FakeKubeApi.Answer(
                    201,
                    Map.of("status", Map.of("authenticated", true, "user", Map.of("username", "alice", "uid", "u-1"))));
        });
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(4));
    }

    @AfterEach
    void stop() throws Exception {
        answer.countDown();
        api.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSharedReviewAnswersEachRequestOnItsOwnEventLoop() throws Exception {
        List<Context> contexts = twoEventLoops();
        TokenReviewAuthenticator reviewer = new TokenReviewAuthenticator(api.client(vertx), Duration.ofSeconds(10));
        List<String> expected = new CopyOnWriteArrayList<>();
        List<String> answeredOn = new CopyOnWriteArrayList<>();
        List<CompletableFuture<AuthenticationResult>> results = new CopyOnWriteArrayList<>();
        for (Context context : contexts) {
            CountDownLatch asked = new CountDownLatch(1);
            context.runOnContext(v -> {
                expected.add(Thread.currentThread().getName());
                CompletableFuture<AuthenticationResult> result = new CompletableFuture<>();
                results.add(result);
                reviewer.authenticateToken("shared-token").onComplete(done -> {
                    answeredOn.add(Thread.currentThread().getName());
                    if (done.succeeded()) {
                        result.complete(done.result());
                    } else {
                        result.completeExceptionally(done.cause());
                    }
                });
                asked.countDown();
            });
            assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
        }
        answer.countDown();
        for (CompletableFuture<AuthenticationResult> result : results) {
            assertThat(result.get(10, TimeUnit.SECONDS).user().name()).isEqualTo("alice");
        }

        assertThat(api.calls(TokenReviewAuthenticator.PATH))
                .as("one review for both")
                .isEqualTo(1);
        assertThat(expected).doesNotHaveDuplicates();
        assertThat(answeredOn).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Two contexts on distinct event loops, as two listeners of the server have. */
    private List<Context> twoEventLoops() throws Exception {
        List<Context> contexts = new CopyOnWriteArrayList<>();
        vertx.deployVerticle(
                        () -> context -> {
                            contexts.add(context);
                            return Future.succeededFuture();
                        },
                        new DeploymentOptions().setInstances(2))
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        return contexts;
    }
}
