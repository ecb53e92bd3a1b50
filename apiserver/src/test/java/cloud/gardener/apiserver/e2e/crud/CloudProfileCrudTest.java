package cloud.gardener.apiserver.e2e.crud;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.cloudProfileObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every verb on a cluster-scoped Gardener kind (cloudprofiles). */
@Tag("integration")
class CloudProfileCrudTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @Test
    void fullLifecycle() {
        TestClient admin = SERVER.admin();
        ObjectNode body = cloudProfileObject("aws");
        ((ObjectNode) body.get("metadata")).put("namespace", "ignored");
        TestClient.Response created = admin.post(CLOUDPROFILES, body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode obj = created.json();
        assertThat(obj.path("kind").asText()).isEqualTo("CloudProfile");
        assertThat(obj.path("metadata").has("namespace"))
                .as("cluster-scoped objects carry no namespace")
                .isFalse();
        // CloudProfile's strategy never sets a generation (unlike most Gardener kinds)
        assertThat(obj.path("metadata").has("generation")).isFalse();
        assertThat(obj.path("metadata").path("uid").asText()).isNotEmpty();

        assertThat(admin.get(CLOUDPROFILES + "/aws").json()).isEqualTo(obj);

        JsonNode list = admin.get(CLOUDPROFILES).json();
        assertThat(list.path("kind").asText()).isEqualTo("CloudProfileList");
        assertThat(list.path("items")).hasSize(1);

        ObjectNode changed = obj.deepCopy();
        ((ObjectNode) changed.get("spec")).put("type", "gcp");
        TestClient.Response updated = admin.put(CLOUDPROFILES + "/aws", changed);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("metadata").has("generation")).isFalse();

        TestClient.Response merged =
                admin.patch(CLOUDPROFILES + "/aws", MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
        assertThat(merged.status()).isEqualTo(200);
        assertThat(merged.json().path("metadata").has("generation")).isFalse();

        TestClient.Response jsonPatched = admin.patch(
                CLOUDPROFILES + "/aws",
                JSON_PATCH,
                "[{\"op\":\"replace\",\"path\":\"/spec/type\",\"value\":\"azure\"}]");
        assertThat(jsonPatched.status()).isEqualTo(200);
        assertThat(jsonPatched.json().path("metadata").has("generation")).isFalse();

        TestClient.Response dryDelete = admin.delete(CLOUDPROFILES + "/aws?dryRun=All");
        assertThat(dryDelete.status()).isEqualTo(200);
        assertThat(rv(admin.get(CLOUDPROFILES + "/aws").json())).isEqualTo(rv(jsonPatched.json()));

        TestClient.Response deleted = admin.delete(CLOUDPROFILES + "/aws");
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().path("status").asText()).isEqualTo("Success");
        assertThat(deleted.json().path("details").path("kind").asText()).isEqualTo("cloudprofiles");
        assertThat(deleted.json().path("details").path("group").asText()).isEqualTo("core.gardener.cloud");
        assertThat(admin.get(CLOUDPROFILES + "/aws").status()).isEqualTo(404);
    }

    @Test
    void deleteCollectionWithALabelSelector() {
        TestClient admin = SERVER.admin();
        for (String name : List.of("dc-a", "dc-b", "dc-c")) {
            ObjectNode body = cloudProfileObject(name);
            ((ObjectNode) body.get("metadata")).putObject("labels").put("set", name.equals("dc-c") ? "keep" : "drop");
            create(admin, CLOUDPROFILES, body);
        }
        TestClient.Response resp = admin.delete(CLOUDPROFILES + "?labelSelector=" + q("set in (drop)"));
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        resp.json()
                .path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        assertThat(names).containsExactly("dc-a", "dc-b");
        assertThat(admin.get(CLOUDPROFILES + "/dc-c").status()).isEqualTo(200);
        assertThat(admin.get(CLOUDPROFILES + "/dc-a").status()).isEqualTo(404);
    }
}
