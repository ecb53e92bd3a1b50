package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;

/** What the tests of streamed list answers share: a list's head, and an answer taken chunk by chunk. */
final class ListBodies {

    private ListBodies() {}

    /** A streamed answer as the response took it: all its bytes, its largest chunk and how many there were. */
    record Streamed(Buffer all, int largestChunk, int chunks) {
        byte[] bytes() {
            return all.getBytes();
        }
    }

    /**
     * {@code body} taken in chunks of {@code chunkBytes}, as the response writer takes it, its next items brought
     * when it is starved; none empty but the last (or one taken when starved).
     */
    static Streamed streamed(StreamedBody body, int chunkBytes) {
        Buffer all = Buffer.buffer();
        int largest = 0;
        int chunks = 0;
        while (!body.done()) {
            if (body.starved()) {
                body.fetch().toCompletionStage().toCompletableFuture().join();
            }
            Buffer chunk = body.next(chunkBytes);
            assertThat(chunk.length() > 0 || body.done() || body.starved())
                    .as("an empty chunk before the end")
                    .isTrue();
            largest = Math.max(largest, chunk.length());
            chunks++;
            all.appendBuffer(chunk);
        }
        return new Streamed(all, largest, chunks);
    }

    /**
     * A ConfigMapList's head, its items empty: at {@code resourceVersion}, and a page with {@code continueToken}
     * and {@code remainingItemCount} when the token is not null.
     */
    static ObjectNode head(String resourceVersion, String continueToken, long remainingItemCount) {
        ObjectNode list = JsonNodeFactory.instance.objectNode();
        list.put("kind", "ConfigMapList");
        list.put("apiVersion", "v1");
        ObjectNode meta = list.putObject("metadata");
        meta.put("resourceVersion", resourceVersion);
        if (continueToken != null) {
            meta.put("continue", continueToken);
            meta.put("remainingItemCount", remainingItemCount);
        }
        list.putArray("items");
        return list;
    }
}
