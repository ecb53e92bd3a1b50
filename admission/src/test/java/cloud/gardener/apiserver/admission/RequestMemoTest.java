package cloud.gardener.apiserver.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestMemoTest {

    private final AtomicInteger lookups = new AtomicInteger();

    private Future<String> lookup(String answer) {
        lookups.incrementAndGet();
        return Future.succeededFuture(answer);
    }

    private record Key(String name) {}

    private record OtherKey(String name) {}

    @Test
    void aKeyIsLookedUpOncePerMemo() {
        RequestMemo memo = new RequestMemo();

        assertThat(memo.once(new Key("a"), () -> lookup("first")).result()).isEqualTo("first");
        assertThat(memo.once(new Key("a"), () -> lookup("second")).result()).isEqualTo("first");
        assertThat(lookups).hasValue(1);
    }

    @Test
    void keysOfOtherValuesOrKindsAreLookedUpOnTheirOwn() {
        RequestMemo memo = new RequestMemo();

        memo.once(new Key("a"), () -> lookup("a"));
        assertThat(memo.once(new Key("b"), () -> lookup("b")).result()).isEqualTo("b");
        assertThat(memo.once(new OtherKey("a"), () -> lookup("other")).result()).isEqualTo("other");
        assertThat(lookups).hasValue(3);
    }

    @Test
    void anotherRequestsMemoLooksUpAgain() {
        new RequestMemo().once(new Key("a"), () -> lookup("first"));

        assertThat(new RequestMemo().once(new Key("a"), () -> lookup("second")).result())
                .isEqualTo("second");
        assertThat(lookups).hasValue(2);
    }

    @Test
    void aFailedLookupIsForgotten() {
        RequestMemo memo = new RequestMemo();
        Promise<String> later = Promise.promise();

        assertThat(memo.once(new Key("a"), () -> Future.<String>failedFuture("down"))
                        .failed())
                .isTrue();
        Future<String> pending = memo.once(new Key("a"), later::future);
        assertThat(memo.once(new Key("a"), () -> lookup("unused"))).isSameAs(pending);
        later.fail("down again");

        assertThat(memo.once(new Key("a"), () -> lookup("up")).result()).isEqualTo("up");
        assertThat(lookups).hasValue(1);
    }
}
