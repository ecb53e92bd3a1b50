package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.buffer.Buffer;
import java.util.List;

/**
 * The ConfigMaps of the benchmark: 8 KiB of data each, as the figures, written as a client sends them
 * (no kind in the body is allowed too, but kubectl sends it).
 */
final class ConfigMaps {

    static final int PAYLOAD_BYTES = 8 * 1024;
    static final String NAMESPACE = "bench";
    static final String LIST_NAMESPACE = "bench-list";
    /** The create row's: emptied after each measurement ({@link Cleanup}). */
    static final String CREATE_NAMESPACE = "bench-create";
    /** The delete row's: what a measurement left is deleted after it. */
    static final String DELETE_NAMESPACE = "bench-delete";
    /** Every namespace of the benchmark's ConfigMaps. */
    static final List<String> NAMESPACES = List.of(NAMESPACE, LIST_NAMESPACE, CREATE_NAMESPACE, DELETE_NAMESPACE);

    private static final String PAYLOAD = "x".repeat(PAYLOAD_BYTES - 16);

    private ConfigMaps() {}

    static String collection(String namespace) {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    /** A ConfigMap to create. */
    static Buffer create(String namespace, String name) {
        return Buffer.buffer("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"" + namespace + "\"},\"data\":{\"payload\":\"" + PAYLOAD + "\"}}");
    }

    /**
     * The bytes the server stores for a ConfigMap it created (created on the first target), which the raw baselines
     * write: the object with its metadata filled in. The row's cleanup deletes it with the rest of the namespace.
     */
    static byte[] stored(BenchContext context, String namespace, String name) throws Exception {
        return BenchContext.await(context.targets().get(0).create(collection(namespace), create(namespace, name)))
                .getBytes();
    }

    /** An update of {@code name} read at {@code resourceVersion}; {@code generation} changes the data each time. */
    static Buffer update(String namespace, String name, String resourceVersion, long generation) {
        return Buffer.buffer("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"" + namespace + "\",\"resourceVersion\":\"" + resourceVersion
                + "\"},\"data\":{\"generation\":\"" + generation + "\",\"payload\":\"" + PAYLOAD + "\"}}");
    }

    /** The resourceVersion of an object's JSON, found without parsing the 8 KiB around it. */
    static String resourceVersion(Buffer object) {
        String json = object.toString();
        String field = "\"resourceVersion\":\"";
        int start = json.indexOf(field);
        if (start < 0) {
            throw new IllegalStateException("no resourceVersion in " + json.substring(0, Math.min(300, json.length())));
        }
        start += field.length();
        return json.substring(start, json.indexOf('"', start));
    }
}
