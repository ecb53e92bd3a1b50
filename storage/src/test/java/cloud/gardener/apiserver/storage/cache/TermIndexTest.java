package cloud.gardener.apiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StoredObject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An index of keys by terms read from the objects' bytes (here: comma-separated), kept in step by its writer. */
class TermIndexTest {

    private final TermIndex index = new TermIndex(
            o -> new LinkedHashSet<>(Arrays.asList(new String(o.value(), StandardCharsets.UTF_8).split(","))));

    private static StoredObject object(String key, String terms, long revision) {
        return new StoredObject(key, terms.getBytes(StandardCharsets.UTF_8), revision, revision);
    }

    private void put(StoredObject o) {
        Set<String> terms = index.changing(o);
        index.changed(o.key(), terms);
    }

    @Test
    void findsTheKeysFiledUnderAnyTermInKeyOrder() {
        index.reset(List.of(object("/b", "x,y", 1), object("/a", "y", 2), object("/c", "z", 3)));
        assertThat(index.keys(List.of("y"))).containsExactly("/a", "/b");
        assertThat(index.keys(List.of("x", "z"))).containsExactly("/b", "/c");
        assertThat(index.keys(List.of("none"))).isEmpty();
    }

    @Test
    void aChangeMovesTheKeyAndADeleteDropsIt() {
        put(object("/a", "x", 1));
        put(object("/b", "x", 2));
        put(object("/a", "y", 3));
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
        assertThat(index.keys(List.of("y"))).containsExactly("/a");
        index.changed("/b", null);
        assertThat(index.keys(List.of("x"))).isEmpty();
        put(object("/b", "x", 4)); // a term emptied and dropped is filed again
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
    }

    @Test
    void duringAChangeTheKeyIsFiledUnderItsOldAndNewTerms() {
        put(object("/a", "x", 1));
        Set<String> terms = index.changing(object("/a", "y", 2));
        // the object may be read in either state until the change is visible: both find it
        assertThat(index.keys(List.of("x"))).containsExactly("/a");
        assertThat(index.keys(List.of("y"))).containsExactly("/a");
        index.changed("/a", terms);
        assertThat(index.keys(List.of("x"))).isEmpty();
    }

    @Test
    void aRelistReplacesEverything() {
        put(object("/a", "x", 1));
        index.reset(List.of(object("/b", "x", 5)));
        assertThat(index.keys(List.of("x"))).containsExactly("/b");
        put(object("/a", "x", 6));
        assertThat(index.keys(List.of("x"))).containsExactly("/a", "/b");
    }
}
