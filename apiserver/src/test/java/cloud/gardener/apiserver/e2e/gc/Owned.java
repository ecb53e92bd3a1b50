package cloud.gardener.apiserver.e2e.gc;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** ConfigMaps owning each other in one namespace, and what the garbage collector tests ask of objects. */
final class Owned {

    private Owned() {}

    static String configMaps(String ns) {
        return "/api/v1/namespaces/" + ns + "/configmaps";
    }

    /** Creates a ConfigMap with these owner references, and a finalizer when one is given. */
    static JsonNode configMap(TestClient client, String ns, String name, String finalizer, ObjectNode... owners) {
        ObjectNode cm = Json.MAPPER.createObjectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode meta = cm.putObject("metadata").put("name", name);
        if (finalizer != null) {
            meta.putArray("finalizers").add(finalizer);
        }
        if (owners.length > 0) {
            ArrayNode refs = meta.putArray("ownerReferences");
            for (ObjectNode owner : owners) {
                refs.add(owner);
            }
        }
        cm.putObject("data").put("k", "v");
        return create(client, configMaps(ns), cm);
    }

    /** An owner reference to {@code owner}, as a controller writes it. */
    static ObjectNode ref(JsonNode owner, boolean blockOwnerDeletion) {
        ObjectNode ref = Json.MAPPER.createObjectNode();
        ref.put("apiVersion", owner.path("apiVersion").asText())
                .put("kind", owner.path("kind").asText())
                .put("name", owner.at("/metadata/name").asText())
                .put("uid", uid(owner));
        if (blockOwnerDeletion) {
            ref.put("blockOwnerDeletion", true);
        }
        return ref;
    }

    static String uid(JsonNode object) {
        return object.at("/metadata/uid").asText();
    }

    static JsonNode get(TestClient client, String path) {
        TestClient.Response resp = client.get(path);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        return resp.json();
    }

    static boolean gone(TestClient client, String path) {
        return client.get(path).status() == 404;
    }

    static boolean deleting(TestClient client, String path) {
        TestClient.Response resp = client.get(path);
        return resp.status() == 200
                && !resp.json().at("/metadata/deletionTimestamp").isMissingNode();
    }

    /** Removes an object's finalizers (the test stands in for the controller that would). */
    static void release(TestClient client, String path) {
        TestClient.Response resp = client.patch(path, MERGE, "{\"metadata\":{\"finalizers\":null}}");
        assertThat(resp.status()).as(resp.body()).isIn(200, 404);
    }
}
