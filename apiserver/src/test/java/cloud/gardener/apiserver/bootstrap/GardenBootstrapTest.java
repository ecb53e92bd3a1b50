package cloud.gardener.apiserver.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Gardener's cluster-identity rules, over the wire against a standalone server's core API (as the virtual garden):
 * created when absent; adopted when mutable, without origin and equal; otherwise left alone.
 */
@Tag("integration")
class GardenBootstrapTest {

    @RegisterExtension
    static final ApiServerExtension GARDEN = new ApiServerExtension();

    private static final String CONFIGMAP = "/api/v1/namespaces/kube-system/configmaps/cluster-identity";
    private static KubeApiClient client;
    private static CoreApi api;

    @BeforeAll
    static void connect() throws Exception {
        client = new KubeApiClient(GARDEN.vertx(), Kubeconfig.read(GARDEN.adminKubeconfig()));
        api = new RemoteCoreApi(client);
        GARDEN.admin()
                .post(
                        "/api/v1/namespaces",
                        "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"kube-system\"}}");
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @BeforeEach
    void noConfigMap() {
        GARDEN.admin().delete(CONFIGMAP);
        assertThat(GARDEN.admin().get(CONFIGMAP).status()).isEqualTo(404);
    }

    private static void await(io.vertx.core.Future<Void> future) throws Exception {
        future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    private static void preset(String data, boolean immutable) {
        TestClient.Response created = GARDEN.admin()
                .post(
                        "/api/v1/namespaces/kube-system/configmaps",
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cluster-identity\"},"
                                + (immutable ? "\"immutable\":true," : "") + "\"data\":{" + data + "}}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    @Test
    void absentIsCreatedImmutableWithTheOrigin() throws Exception {
        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));

        JsonNode cm = GARDEN.admin().get(CONFIGMAP).json();
        assertThat(cm.path("immutable").asBoolean()).isTrue();
        assertThat(cm.path("data").path("cluster-identity").asText()).isEqualTo("landscape-a");
        assertThat(cm.path("data").path("origin").asText()).isEqualTo("gardener-apiserver");
        // running again changes nothing
        String rv = cm.path("metadata").path("resourceVersion").asText();
        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));
        assertThat(GARDEN.admin()
                        .get(CONFIGMAP)
                        .json()
                        .path("metadata")
                        .path("resourceVersion")
                        .asText())
                .isEqualTo(rv);
    }

    @Test
    void mutableWithoutOriginAndTheSameIdentityIsAdopted() throws Exception {
        preset("\"cluster-identity\":\"landscape-a\"", false);

        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));

        JsonNode cm = GARDEN.admin().get(CONFIGMAP).json();
        assertThat(cm.path("immutable").asBoolean()).isTrue();
        assertThat(cm.path("data").path("origin").asText()).isEqualTo("gardener-apiserver");
    }

    @Test
    void anotherIdentityIsLeftAloneMutableOrNot() throws Exception {
        preset("\"cluster-identity\":\"landscape-b\"", false);
        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));
        JsonNode mutable = GARDEN.admin().get(CONFIGMAP).json();
        assertThat(mutable.path("data").path("cluster-identity").asText()).isEqualTo("landscape-b");
        assertThat(mutable.path("data").has("origin")).isFalse();
        assertThat(mutable.has("immutable")).isFalse();

        GARDEN.admin().delete(CONFIGMAP);
        preset("\"cluster-identity\":\"landscape-a\"", true);
        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));
        assertThat(GARDEN.admin().get(CONFIGMAP).json().path("data").has("origin"))
                .as("an immutable ConfigMap is never touched")
                .isFalse();
    }

    @Test
    void anotherOriginIsLeftAlone() throws Exception {
        preset("\"cluster-identity\":\"landscape-a\",\"origin\":\"shoot\"", false);

        await(GardenBootstrap.clusterIdentity(api, "landscape-a"));

        JsonNode cm = GARDEN.admin().get(CONFIGMAP).json();
        assertThat(cm.path("data").path("origin").asText()).isEqualTo("shoot");
        assertThat(cm.has("immutable")).isFalse();
    }
}
