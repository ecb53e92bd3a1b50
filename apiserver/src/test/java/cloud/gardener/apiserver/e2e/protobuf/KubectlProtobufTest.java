package cloud.gardener.apiserver.e2e.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * kubectl's generators create namespaces, secrets and configmaps through typed clients, which send protobuf
 * bodies; the objects must arrive as their JSON forms would.
 */
@Tag("integration")
class KubectlProtobufTest {

    private static final String PROTOBUF_HEADER = "Content-Type: application/vnd.kubernetes.protobuf";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static Kubectl kubectl;

    @BeforeAll
    static void findKubectl() throws Exception {
        Path binary = Kubectl.find();
        if (binary == null) {
            System.out.println("KubectlProtobufTest skipped: no kubectl on the PATH");
        }
        Assumptions.assumeTrue(binary != null, "no kubectl on the PATH");
        kubectl = Kubectl.of(binary, SERVER.adminKubeconfig());
    }

    @Test
    void createsWithGeneratorsThenReadsAndDeletes() throws Exception {
        // -v=8 prints request headers: the point is that these bodies are protobuf
        Kubectl.Result ns = kubectl.run("create", "namespace", "proto-e2e", "-v=8");
        assertThat(ns.exitCode()).as(ns.stderr()).isZero();
        assertThat(ns.stdout()).contains("namespace/proto-e2e created");
        assertThat(ns.stderr()).contains(PROTOBUF_HEADER);
        // the typed client asks for protobuf first: Go's decoder read the protobuf answer behind "created"
        assertThat(ns.stderr()).contains("Accept: application/vnd.kubernetes.protobuf");

        Kubectl.Result secret = kubectl.run(
                "create",
                "secret",
                "generic",
                "creds",
                "-n",
                "proto-e2e",
                "--from-literal=user=admin",
                "--from-literal=password=s3cr=t",
                "-v=8");
        assertThat(secret.exitCode()).as(secret.stderr()).isZero();
        assertThat(secret.stderr()).contains(PROTOBUF_HEADER);

        Kubectl.Result cm = kubectl.run(
                "create",
                "configmap",
                "settings",
                "-n",
                "proto-e2e",
                "--from-literal=mode=fast",
                "--from-literal=empty=");
        assertThat(cm.exitCode()).as(cm.stderr()).isZero();

        JsonNode namespace = getJson("namespace", "proto-e2e");
        assertThat(namespace.path("kind").asText()).isEqualTo("Namespace");
        assertThat(namespace.at("/metadata/name").asText()).isEqualTo("proto-e2e");
        assertThat(namespace.at("/metadata/uid").asText()).isNotEmpty();
        assertThat(namespace.at("/metadata/creationTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");

        JsonNode s = getJson("secret", "creds", "-n", "proto-e2e");
        assertThat(s.at("/data/user").asText()).isEqualTo("YWRtaW4="); // "admin"
        assertThat(s.at("/data/password").asText()).isEqualTo("czNjcj10"); // "s3cr=t"
        assertThat(s.at("/metadata/namespace").asText()).isEqualTo("proto-e2e");

        JsonNode c = getJson("configmap", "settings", "-n", "proto-e2e");
        assertThat(c.path("data")).isEqualTo(Json.MAPPER.readTree("{\"mode\":\"fast\",\"empty\":\"\"}"));
        assertThat(c.has("binaryData")).isFalse();

        Kubectl.Result delete = kubectl.run("delete", "namespace", "proto-e2e", "--wait=false");
        assertThat(delete.exitCode()).as(delete.stderr()).isZero();
        assertThat(delete.stdout()).contains("namespace \"proto-e2e\" deleted");
        Kubectl.Result after = kubectl.run("get", "namespace", "proto-e2e", "-o", "json", "--ignore-not-found");
        assertThat(after.exitCode()).as(after.stderr()).isZero();
        if (!after.stdout().isBlank()) {
            // a namespace with the kubernetes finalizer may still be terminating
            assertThat(Json.MAPPER
                            .readTree(after.stdout())
                            .at("/metadata/deletionTimestamp")
                            .isTextual())
                    .isTrue();
        }
    }

    private static JsonNode getJson(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "get";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "-o";
        all[args.length + 2] = "json";
        Kubectl.Result r = kubectl.run(all);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return Json.MAPPER.readTree(r.stdout());
    }
}
