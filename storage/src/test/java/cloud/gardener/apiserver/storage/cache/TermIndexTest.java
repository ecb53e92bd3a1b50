package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** An index of keys by the terms their writer read of each object, kept in step by it. */
class TermIndexTest {

    private final TermIndex index = new TermIndex();

    private static Set<String> terms(String commaSeparated) {
        return Set.of(commaSeparated.split(","));
    }

    private void put(String key, String terms) {
        index.changing(key, terms(terms));
        index.changed(key, terms(terms));
    }

    @Test
    void findsTheKeysFiledUnderAnyTermInKeyOrder() {
        index.reset(Map.of("/b", terms("x,y"), "/a", terms("y"), "/c", terms("z")));
        assertThat(index.keys(List.of("y"))).containsExactly("/a", "/b");
        assertThat(index.keys(List.of("x", "z"))).containsExactly("/b", "/c");
        assertThat(index.keys(List.of("none"))).isEmpty();
    }

    @Test
    void aChangeMovesTheKeyAndADeleteDropsIt() {
        put("/a", "x");
        put("/b", "x");
        put("/a", "y");
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
        assertThat(index.keys(List.of("y"))).containsExactly("/a");
        index.changed("/b", null);
        assertThat(index.keys(List.of("x"))).isEmpty();
        put("/b", "x"); // a term emptied and dropped is filed again
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
    }

    @Test
    void duringAChangeTheKeyIsFiledUnderItsOldAndNewTerms() {
        put("/a", "x");
        index.changing("/a", terms("y"));
        // the object may be read in either state until the change is visible: both find it
        assertThat(index.keys(List.of("x"))).containsExactly("/a");
        assertThat(index.keys(List.of("y"))).containsExactly("/a");
        index.changed("/a", terms("y"));
        assertThat(index.keys(List.of("x"))).isEmpty();
    }

    @Test
    void aRelistReplacesEverything() {
        put("/a", "x");
        index.reset(Map.of("/b", terms("x")));
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
        put("/a", "x");
        assertThat(index.keys(List.of("x"))).containsExactly("/a", "/b");
    }

    @Test
    void aReaderOnAnotherThreadWhileKeysLeaveATermGetsTheKeysStillThere() throws Exception {
        for (int i = 0; i < 200; i++) {
            put("/k" + i, "t");
        }
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                while (!done.get()) {
                    assertThat(index.keys(List.of("t"))).allMatch(key -> key.startsWith("/k"));
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        try {
            // the one writer: keys leave the term and come back while the reader copies them
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
            while (System.nanoTime() < end && failure.get() == null) {
                for (int i = 0; i < 200; i++) {
                    index.changed("/k" + i, null);
                }
                for (int i = 0; i < 200; i++) {
                    put("/k" + i, "t");
                }
            }
        } finally {
            done.set(true);
            reader.join();
        }
        assertThat(failure.get()).isNull();
    }
}
