package cloud.gardener.apiserver.benchmarks;

import cloud.gardener.apiserver.api.json.Json;
import io.vertx.core.http.HttpMethod;

/**
 * Removes what a measurement made before the next one starts (never timed), so that the servers' heaps (their
 * watch caches hold every object) carry only what the current measurement needs: a 30 s warm-up of the create
 * rows once made 44,000 8 KiB ConfigMaps, and the embedded server ended collecting garbage at its heap cap.
 */
final class Cleanup {

    /** ConfigMaps a collection delete removes per request: its answer lists them, 4 MiB for 8 KiB ConfigMaps. */
    static final int CONFIG_MAPS_PAGE = 500;

    private Cleanup() {}

    /**
     * Deletes every object of {@code collectionPath} that {@code labelSelector} selects (all when null), {@code page}
     * per DELETE of the collection until a page has no {@code continue}: the last.
     */
    static void deleteCollection(ApiTarget target, String collectionPath, String labelSelector, int page)
            throws Exception {
        String path =
                collectionPath + "?limit=" + page + (labelSelector == null ? "" : "&labelSelector=" + labelSelector);
        while (true) {
            byte[] answer = BenchContext.await(target.http1().send(HttpMethod.DELETE, path, null, 200))
                    .getBytes();
            if (Json.MAPPER
                    .readTree(answer)
                    .path("metadata")
                    .path("continue")
                    .asText("")
                    .isEmpty()) {
                return;
            }
        }
    }
}
