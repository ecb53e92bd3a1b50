package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code --audit-*-truncate-*}, as upstream's truncate plugin: an event larger than {@code maxEventBytes} loses its
 * request and response objects and is annotated {@code audit.k8s.io/truncated: "true"}; still too large, it is
 * dropped (and counted under the plugin {@code truncate}). A batch holds at most {@code maxBatchBytes}.
 */
record Truncation(boolean enabled, long maxBatchBytes, long maxEventBytes) {

    static final Truncation OFF = new Truncation(false, Long.MAX_VALUE, Long.MAX_VALUE);

    /** The event's bytes to send, truncated when needed; null when it cannot be made small enough. */
    byte[] fit(ObjectNode json, byte[] bytes, AuditCounters counters) {
        if (!enabled || bytes.length <= maxEventBytes) {
            return bytes;
        }
        ObjectNode truncated = json.deepCopy();
        truncated.remove("requestObject");
        truncated.remove("responseObject");
        ObjectNode annotations = truncated.has("annotations")
                ? (ObjectNode) truncated.get("annotations")
                : truncated.putObject("annotations");
        annotations.put("audit.k8s.io/truncated", "true");
        try {
            byte[] smaller = Json.MAPPER.writeValueAsBytes(truncated);
            if (smaller.length <= maxEventBytes) {
                return smaller;
            }
        } catch (JsonProcessingException e) {
            // counted as too large below
        }
        counters.errors("truncate", 1);
        return null;
    }
}
