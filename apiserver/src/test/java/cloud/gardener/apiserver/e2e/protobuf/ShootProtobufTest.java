package cloud.gardener.apiserver.e2e.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A Shoot the way Gardener's own clients handle it (they default to protobuf): created with a protobuf body through
 * every admission plugin, then read, listed and watched in protobuf; each protobuf answer carries exactly the object
 * the JSON answer does (its spec with workers, maps, quantities, durations, provider config, and the status and
 * metadata admission and the strategy add).
 */
@Tag("integration")
class ShootProtobufTest {

    private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
    private static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    private static final GroupVersionKind SHOOT_LIST =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ShootList");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private final TestClient admin = SERVER.admin();

    @ParameterizedTest
    @EnumSource(BindingKind.class)
    void aShootCreatedWithAProtobufBodyIsReadListedAndWatchedInProtobuf(BindingKind bindingKind) throws Exception {
        Garden g = GardenFixtures.create(admin, bindingKind);
        String name = Fixtures.uniqueName("pb");
        ObjectNode shoot = GardenFixtures.shoot(g, name);
        // what a Shoot's user sets beyond the example: quantities, durations and a worker's provider config
        ObjectNode kubelet = ((ObjectNode) shoot.at("/spec/kubernetes")).putObject("kubelet");
        kubelet.putObject("kubeReserved").put("cpu", "80m").put("memory", "1Gi");
        kubelet.put("imageMinimumGCAge", "2m0s").put("containerLogMaxSize", "100Mi");
        ObjectNode worker = (ObjectNode) shoot.at("/spec/provider/workers/0");
        worker.put("maxSurge", "25%").put("maxUnavailable", 0);
        worker.putObject("providerConfig")
                .put("apiVersion", "local.provider.extensions.gardener.cloud/v1alpha1")
                .put("kind", "WorkerConfig");

        HttpResponse<byte[]> created = admin.exchange(
                "POST",
                g.shoots(),
                ProtobufCodec.encode(shoot, SHOOT),
                Map.of("Content-Type", PROTOBUF, "Accept", PROTOBUF));
        assertThat(created.statusCode())
                .as(new String(created.body(), StandardCharsets.UTF_8))
                .isEqualTo(201);
        assertThat(created.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
        JsonNode createdObject = asRead(ProtobufCodec.decode(created.body(), SHOOT));
        assertThat(createdObject
                        .at("/spec/kubernetes/kubelet/kubeReserved/memory")
                        .asText())
                .isEqualTo("1Gi");
        assertThat(createdObject
                        .at("/spec/kubernetes/kubelet/imageMinimumGCAge")
                        .asText())
                .isEqualTo("2m0s");
        assertThat(createdObject
                        .at("/spec/provider/workers/0/providerConfig/kind")
                        .asText())
                .isEqualTo("WorkerConfig");
        assertThat(createdObject.at("/spec/provider/workers/0/maxSurge").asText())
                .isEqualTo("25%");
        assertThat(createdObject.at("/spec/provider/workers/0/maxUnavailable").isInt())
                .isTrue();

        JsonNode json = admin.get(g.shoot(name)).json();
        assertThat(createdObject).isEqualTo(json);
        HttpResponse<byte[]> got = admin.getBytes(g.shoot(name), Map.of("Accept", PROTOBUF));
        assertThat(got.statusCode()).isEqualTo(200);
        assertThat(asRead(ProtobufCodec.decode(got.body(), SHOOT))).isEqualTo(json);

        HttpResponse<byte[]> list = admin.getBytes(g.shoots(), Map.of("Accept", PROTOBUF + ", application/json"));
        assertThat(list.statusCode()).isEqualTo(200);
        JsonNode listed = asRead(ProtobufCodec.decode(list.body(), SHOOT_LIST));
        assertThat(listed.path("kind").asText()).isEqualTo("ShootList");
        assertThat(listed.path("items")).hasSize(1);
        assertThat(listed.path("items").get(0)).isEqualTo(withoutTypeMeta(json));

        String rv = Long.toString(
                Long.parseLong(createdObject.at("/metadata/resourceVersion").asText()) - 1);
        HttpResponse<byte[]> watch = admin.getBytes(
                g.shoots() + "?watch=true&timeoutSeconds=2&resourceVersion=" + rv,
                Map.of("Accept", PROTOBUF + ";stream=watch"));
        assertThat(watch.statusCode()).isEqualTo(200);
        assertThat(watch.headers().firstValue("Content-Type")).hasValue(PROTOBUF + ";stream=watch");
        List<WatchFrames.Frame> frames = WatchFrames.read(watch.body());
        assertThat(frames).extracting(WatchFrames.Frame::type).first().isEqualTo("ADDED");
        JsonNode added = asRead(ProtobufCodec.decode(frames.get(0).object(), SHOOT));
        assertThat(added.at("/metadata/name").asText()).isEqualTo(name);
        assertThat(added.path("spec")).isEqualTo(createdObject.path("spec"));
    }

    /**
     * The decoded object as a JSON client reads it: the codec gives int64 fields as long nodes, a parser small numbers
     * as int nodes, which Jackson's equality tells apart.
     */
    private static JsonNode asRead(JsonNode decoded) throws IOException {
        return Json.MAPPER.readTree(Json.toBytes(decoded));
    }

    /** A list's items carry no kind and apiVersion, in protobuf as in JSON. */
    private static JsonNode withoutTypeMeta(JsonNode object) {
        ObjectNode copy = object.deepCopy();
        copy.remove("kind");
        copy.remove("apiVersion");
        return copy;
    }
}
