package cloud.gardener.apiserver.e2e.tables;

import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.TABLE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Server-side Tables and PartialObjectMetadata(List) (protocol section 7). */
@Tag("integration")
class TablesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String KUBECTL_GET = "application/json;as=Table;v=v1;g=meta.k8s.io,"
            + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
    private static final String POM = "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1";
    private static final String POM_LIST = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1";

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void objects() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "tables");
        create(admin, shoots(ns), shootObject("t1", "app", "x"));
        create(admin, shoots(ns), shootObject("t2"));
    }

    private static TestClient.Response get(String path, String accept) {
        return admin.get(path, Map.of("Accept", accept));
    }

    @Test
    void listAsTable() {
        TestClient.Response resp = get(shoots(ns), KUBECTL_GET);
        assertThat(resp.status()).isEqualTo(200);
        assertThat(resp.header("Content-Type")).isEqualTo("application/json");
        JsonNode table = resp.json();
        assertThat(table.path("kind").asText()).isEqualTo("Table");
        assertThat(table.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(table.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        JsonNode columns = table.path("columnDefinitions");
        assertThat(columns).isNotEmpty();
        for (JsonNode c : columns) {
            assertThat(c.has("name") && c.has("type") && c.has("format") && c.has("description") && c.has("priority"))
                    .as(c.toString())
                    .isTrue();
        }
        assertThat(columns.get(0).path("format").asText()).isEqualTo("name");
        JsonNode rows = table.path("rows");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).path("cells").get(0).asText()).isEqualTo("t1");
        JsonNode object = rows.get(0).path("object");
        assertThat(object.path("kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(object.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(object.path("metadata").path("name").asText()).isEqualTo("t1");
        assertThat(object.path("metadata").path("namespace").asText()).isEqualTo(ns);
        assertThat(object.path("metadata").path("labels").path("app").asText()).isEqualTo("x");
        assertThat(object.has("spec")).isFalse();

        // paging metadata is carried over
        JsonNode page = get(shoots(ns) + "?limit=1", TABLE).json();
        assertThat(page.path("rows")).hasSize(1);
        assertThat(page.path("metadata").path("continue").asText()).isNotEmpty();

        // all namespaces: rows carry the namespace kubectl prints
        JsonNode all = get(CORE + "/shoots", TABLE).json();
        assertThat(all.path("rows")
                        .get(0)
                        .path("object")
                        .path("metadata")
                        .path("namespace")
                        .asText())
                .isNotEmpty();

        JsonNode beta = get(shoots(ns), "application/json;as=Table;v=v1beta1;g=meta.k8s.io")
                .json();
        assertThat(beta.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1beta1");
    }

    @Test
    void getAsTableAndIncludeObject() {
        JsonNode one = get(shoot(ns, "t1"), TABLE).json();
        assertThat(one.path("kind").asText()).isEqualTo("Table");
        assertThat(one.path("rows")).hasSize(1);

        JsonNode none = get(shoots(ns) + "?includeObject=None", TABLE).json();
        // Go's RawExtension encodes an empty object as null (omitempty does not apply to structs)
        JsonNode noObject = none.path("rows").get(0).path("object");
        assertThat(noObject.isNull() || noObject.isMissingNode())
                .as(noObject.toString())
                .isTrue();
        JsonNode full = get(shoots(ns) + "?includeObject=Object", TABLE).json();
        JsonNode object = full.path("rows").get(0).path("object");
        assertThat(object.path("kind").asText()).isEqualTo("Shoot");
        assertThat(object.path("spec").path("region").asText()).isEqualTo("eu-west-1");
        JsonNode metadata = get(shoots(ns) + "?includeObject=Metadata", TABLE).json();
        assertThat(metadata.path("rows").get(0).path("object").path("kind").asText())
                .isEqualTo("PartialObjectMetadata");

        JsonNode bad = assertStatus(get(shoots(ns) + "?includeObject=Shoot", TABLE), 400, "BadRequest");
        assertThat(bad.path("message").asText()).startsWith("Unable to convert to Table as requested");
    }

    @Test
    void partialObjectMetadata() {
        TestClient.Response list = get(shoots(ns), POM_LIST);
        assertThat(list.status()).isEqualTo(200);
        JsonNode doc = list.json();
        assertThat(doc.path("kind").asText()).isEqualTo("PartialObjectMetadataList");
        assertThat(doc.path("apiVersion").asText()).isEqualTo("meta.k8s.io/v1");
        assertThat(doc.path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(doc.path("items")).hasSize(2);
        assertThat(doc.path("items").get(0).path("kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(doc.path("items").get(0).has("spec")).isFalse();

        JsonNode one = get(shoot(ns, "t1"), POM).json();
        assertThat(one.path("kind").asText()).isEqualTo("PartialObjectMetadata");
        assertThat(one.path("metadata").path("uid").asText()).isNotEmpty();

        assertStatus(get(shoots(ns), POM), 406, "NotAcceptable");
        assertStatus(get(shoot(ns, "t1"), POM_LIST), 406, "NotAcceptable");
        // the metadata client's Accept: protobuf first (not served here), then JSON
        TestClient.Response metadataClient = get(
                shoots(ns),
                "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;" + "g=meta.k8s.io;v=v1," + POM_LIST
                        + ",application/json");
        assertThat(metadataClient.status()).isEqualTo(200);
    }

    @Test
    void unknownConversionsFallThrough() {
        TestClient.Response fallback = get(shoots(ns), "application/json;as=Foo;v=v1;g=meta.k8s.io,application/json");
        assertThat(fallback.json().path("kind").asText()).isEqualTo("ShootList");
        assertStatus(get(shoots(ns), "application/json;as=Foo;v=v1;g=meta.k8s.io"), 406, "NotAcceptable");
        assertStatus(get(shoots(ns), "application/json;as=Table;v=v2;g=meta.k8s.io"), 406, "NotAcceptable");
    }
}
