package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.server.ServerConfig;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Paths and objects the protocol tests share: shoots (namespaced) and cloudprofiles (cluster-scoped). */
public final class Fixtures {

    public static final String CORE = "/apis/core.gardener.cloud/v1beta1";
    public static final String CLOUDPROFILES = CORE + "/cloudprofiles";
    public static final String NAMESPACES = "/api/v1/namespaces";
    public static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io";
    public static final String MERGE = "application/merge-patch+json";
    public static final String JSON_PATCH = "application/json-patch+json";

    /** The merge patch that confirms a deletion. */
    public static final String CONFIRM_DELETION =
            "{\"metadata\":{\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}";

    /**
     * The admission plugins that check a Shoot against the garden it references (CloudProfile, Project, Seed,
     * bindings, the controllers registered for its extension types). The protocol tests' shoots reference none;
     * {@link #withoutShootGardenChecks} turns these off there. Tests of admission build a garden instead
     * (e2e/admission/GardenFixtures).
     */
    public static final List<String> SHOOT_GARDEN_PLUGINS = List.of(
            "ResourceReferenceManager",
            "ExtensionValidator",
            "ShootDNS",
            "ShootQuotaValidator",
            "ShootMutator",
            "ShootValidator");

    private static final AtomicInteger SEQ = new AtomicInteger();

    private Fixtures() {}

    /** A server configuration for tests about something other than Shoot admission: see {@link #SHOOT_GARDEN_PLUGINS}. */
    public static ServerConfig.Builder withoutShootGardenChecks(ServerConfig.Builder config) {
        return config.disableAdmissionPlugins(SHOOT_GARDEN_PLUGINS);
    }

    /** {@link #withoutShootGardenChecks(ServerConfig.Builder)}, and these plugins off as well. */
    public static ServerConfig.Builder withoutShootGardenChecks(ServerConfig.Builder config, String... alsoDisabled) {
        List<String> disabled = new ArrayList<>(SHOOT_GARDEN_PLUGINS);
        disabled.addAll(List.of(alsoDisabled));
        return config.disableAdmissionPlugins(disabled);
    }

    public static String shoots(String namespace) {
        return CORE + "/namespaces/" + namespace + "/shoots";
    }

    public static String shoot(String namespace, String name) {
        return shoots(namespace) + "/" + name;
    }

    /** A workerless Shoot: no binding at all (Gardener forbids one without workers). */
    public static ObjectNode shootObject(String name) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "core.gardener.cloud/v1beta1");
        obj.put("kind", "Shoot");
        ObjectNode meta = obj.putObject("metadata");
        if (name != null) {
            meta.put("name", name);
        }
        // A minimal valid (workerless) Shoot: Gardener's validation wants a provider type and a Kubernetes version.
        ObjectNode spec = obj.putObject("spec").put("region", "eu-west-1").put("cloudProfileName", "aws");
        spec.putObject("provider").put("type", "aws");
        spec.putObject("kubernetes").put("version", "1.31.1");
        return obj;
    }

    /**
     * A Shoot with one worker pool, bound by a binding of the given kind and name, that passes Gardener's static
     * validation (for servers without the Shoot garden checks: the binding need not exist). Kubernetes 1.31, which
     * every binding kind allows.
     */
    public static ObjectNode boundShootObject(String name, BindingKind bindingKind, String binding) {
        ObjectNode obj = shootObject(name);
        ObjectNode spec = (ObjectNode) obj.get("spec");
        ObjectNode worker = ((ObjectNode) spec.get("provider"))
                .putArray("workers")
                .addObject()
                .put("name", "cpu-worker")
                .put("minimum", 1)
                .put("maximum", 2);
        worker.putObject("machine")
                .put("type", "m5.large")
                .putObject("image")
                .put("name", "gardenlinux")
                .put("version", "1592.1.0");
        worker.putObject("volume").put("type", "gp2").put("size", "20Gi");
        spec.putObject("networking").put("type", "calico").put("nodes", "10.250.0.0/16");
        return bindingKind.bind(obj, binding);
    }

    public static ObjectNode shootObject(String name, String... labels) {
        ObjectNode obj = shootObject(name);
        ObjectNode l = ((ObjectNode) obj.get("metadata")).putObject("labels");
        for (int i = 0; i + 1 < labels.length; i += 2) {
            l.put(labels[i], labels[i + 1]);
        }
        return obj;
    }

    public static String shootStates(String namespace) {
        return CORE + "/namespaces/" + namespace + "/shootstates";
    }

    /** A ShootState whose one gardener resource carries about {@code dataBytes} of state, as a big shoot's would. */
    public static ObjectNode shootStateObject(String name, int dataBytes) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "core.gardener.cloud/v1beta1");
        obj.put("kind", "ShootState");
        obj.putObject("metadata").put("name", name);
        obj.putObject("spec")
                .putArray("gardener")
                .addObject()
                .put("name", "ca")
                .put("type", "secret")
                .putObject("data")
                .put("ca.crt", "x".repeat(dataBytes));
        return obj;
    }

    public static ObjectNode cloudProfileObject(String name) {
        ObjectNode obj = Json.MAPPER.createObjectNode();
        obj.put("apiVersion", "core.gardener.cloud/v1beta1");
        obj.put("kind", "CloudProfile");
        obj.putObject("metadata").put("name", name);
        // A minimal valid CloudProfile: Gardener's validation wants versions, images, machine types and regions.
        ObjectNode spec = obj.putObject("spec").put("type", "aws");
        spec.putObject("kubernetes").putArray("versions").addObject().put("version", "1.31.1");
        spec.putArray("machineImages")
                .addObject()
                .put("name", "gardenlinux")
                .putArray("versions")
                .addObject()
                .put("version", "1.0.0");
        spec.putArray("machineTypes")
                .addObject()
                .put("name", "m1")
                .put("cpu", "2")
                .put("gpu", "0")
                .put("memory", "4Gi");
        spec.putArray("regions").addObject().put("name", "eu-west-1");
        return obj;
    }

    /** A fresh namespace name, unique within the JVM. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + SEQ.incrementAndGet();
    }

    /** Creates a namespace through /api/v1 and answers its name. */
    public static String createNamespace(TestClient client, String prefix) {
        String name = uniqueName(prefix);
        ObjectNode ns = Json.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1")
                .put("kind", "Namespace")
                .putObject("metadata")
                .put("name", name);
        TestClient.Response resp = client.post(NAMESPACES, ns);
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        return name;
    }

    /**
     * Creates a project namespace ({@code garden-<prefix>-<n>}) and the Project that owns it, and answers the
     * namespace: Shoots live in project namespaces, and admission looks their Project up.
     */
    public static String createProjectNamespace(TestClient client, String prefix) {
        String namespace = createNamespace(client, prefix.startsWith("garden-") ? prefix : "garden-" + prefix);
        ObjectNode project = Json.MAPPER.createObjectNode();
        project.put("apiVersion", "core.gardener.cloud/v1beta1").put("kind", "Project");
        project.putObject("metadata").put("name", "e2e" + SEQ.incrementAndGet());
        project.putObject("spec").put("namespace", namespace);
        create(client, CORE + "/projects", project);
        return namespace;
    }

    /**
     * Annotates an object {@code confirmation.gardener.cloud/deletion=true}, as users do before they delete a
     * Shoot or Project (DeletionConfirmation refuses the deletion otherwise).
     */
    public static JsonNode confirmDeletion(TestClient client, String path) {
        TestClient.Response resp = client.patch(path, MERGE, CONFIRM_DELETION);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
        return resp.json();
    }

    /** Confirms the deletion (if the object is there) and deletes it: for clean-ups and deletions on the side. */
    public static TestClient.Response deleteConfirmed(TestClient client, String path) {
        client.patch(path, MERGE, CONFIRM_DELETION);
        return client.delete(path);
    }

    /** Creates an object and answers the stored form; fails unless 201. */
    public static JsonNode create(TestClient client, String collection, Object body) {
        TestClient.Response resp = client.post(collection, body);
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        return resp.json();
    }

    public static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    public static String rv(JsonNode obj) {
        return obj.path("metadata").path("resourceVersion").asText();
    }

    /** Asserts a Status failure with code and reason, and answers it. */
    /**
     * A 1 MB ShootState is stored; updating it to 1.7 MB (over etcd's 1.5 MiB request limit) is refused with etcd's
     * message as kube-apiserver answers it (500) and leaves the stored object as it was.
     */
    public static void assertGrowingOverTheRequestLimitIsRefused(TestClient admin, String states) {
        TestClient.Response stored = admin.post(states, shootStateObject("big", 1_000_000));
        assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        String storedRv = stored.json().path("metadata").path("resourceVersion").asText();
        ObjectNode grown = shootStateObject("big", 1_700_000);
        // no namespace in the body: the URL's is taken (EnsureObjectNamespaceMatchesRequestNamespace)
        ((ObjectNode) grown.get("metadata")).put("resourceVersion", storedRv);
        TestClient.Response refusedUpdate = admin.put(states + "/big", grown);
        assertThat(refusedUpdate.status()).as(refusedUpdate.body()).isEqualTo(500);
        assertThat(refusedUpdate.json().path("message").asText()).isEqualTo("etcdserver: request is too large");
        assertThat(admin.get(states + "/big")
                        .json()
                        .path("metadata")
                        .path("resourceVersion")
                        .asText())
                .isEqualTo(storedRv);
    }

    public static JsonNode assertStatus(TestClient.Response resp, int code, String reason) {
        assertThat(resp.status()).as(resp.body()).isEqualTo(code);
        JsonNode status = resp.json();
        assertThat(status.path("kind").asText()).as(resp.body()).isEqualTo("Status");
        assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(status.path("status").asText()).isEqualTo("Failure");
        assertThat(status.path("code").asInt()).isEqualTo(code);
        assertThat(status.path("reason").asText()).as(resp.body()).isEqualTo(reason);
        return status;
    }
}
