package cloud.gardener.apiserver.e2e.conversion;

import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.envelope;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.message;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.objectMeta;
import static cloud.gardener.apiserver.endpoints.protobuf.ProtoMessage.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.storage.ListPage;
import cloud.gardener.apiserver.storage.ListRequest;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import cloud.gardener.apiserver.testing.TestClient.Response;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What Go's conversions between a served version and the internal version change, and this server's port of each,
 * over HTTP. Go decodes every written object into the internal version before admission and validation and encodes
 * it back into the storage version, so a conversion that is not field for field changes what is stored or served; a
 * JSON re-implementation has to do the same explicitly. The audit (gardener/gardener v1.150 {@code pkg/apis}, and
 * kubernetes {@code pkg/apis/core/v1} for the core/v1 kinds served in standalone mode):
 *
 * <table>
 * <caption>Conversion functions and where this server does the same</caption>
 * <tr><th>function</th><th>what it changes</th><th>stored or served?</th><th>here</th></tr>
 * <tr><td>k8s {@code Convert_v1_Secret_To_core_Secret}</td>
 *     <td>write-only {@code stringData}: each value's UTF-8 bytes overwrite {@code data[key]}; the internal type has
 *     no stringData</td><td>both</td>
 *     <td>{@code api.conversion.InputConversions} at decode ({@code TypedDecoding}: bodies, protobuf bodies,
 *     patched objects, server-side applied objects; {@code WebhookDispatcher}: webhook patches) and, as Go's
 *     storage decoding converts too, on reads ({@code GenericStore.decode}, {@code ObjectCache}); validation
 *     ({@code SecretValidator}) sees the merged data. Tests: {@code stringData*}, {@code validation*}</td></tr>
 * <tr><td>Gardener {@code Convert_v1beta1_InternalSecret_To_core_InternalSecret}</td>
 *     <td>the same for InternalSecrets</td><td>both</td>
 *     <td>the same ({@code InternalSecretValidator}); the same tests, run for both kinds</td></tr>
 * <tr><td>{@code Convert_v1beta1_ProjectMember_To_core_ProjectMember} and back</td>
 *     <td>{@code role} and {@code roles} become one list with {@code role} first and not repeated; back,
 *     {@code role} is its head and {@code roles} the rest (a member with only {@code roles} gets a {@code role})</td>
 *     <td>both</td><td>{@code ProjectStrategy.canonicalize}; {@code ProjectValidator} reads the roles the same
 *     way. Test: {@link #projectMemberRolesAreNormalised}</td></tr>
 * <tr><td>{@code Convert_v1beta1_ControllerDeployment_To_core_ControllerDeployment} and back,
 *     {@code Convert_v1beta1_HelmControllerDeployment_To_core_HelmControllerDeployment} and back</td>
 *     <td>type {@code helm}: the providerConfig is decoded into the Helm deployment (other fields dropped,
 *     {@code chart} is the internal {@code rawChart}), type and providerConfig cleared; back, type {@code helm}
 *     and the providerConfig re-encoded</td><td>both (stored as v1)</td>
 *     <td>{@code ControllerDeploymentConversion}. Test: {@link #helmControllerDeploymentKeepsOnlyHelmFields}</td></tr>
 * <tr><td>core/v1 {@code Convert_v1_ControllerDeployment_To_core_ControllerDeployment} and back</td>
 *     <td>a custom type and its providerConfig ride in the {@code migration.controllerdeployment.gardener.cloud/*}
 *     annotations of v1</td><td>both</td>
 *     <td>{@code ControllerDeploymentConversion}. Test: {@link #customControllerDeploymentTypeRidesInAnnotations}
 *     </td></tr>
 * <tr><td>seedmanagement {@code Convert_v1alpha1_GardenletConfig_To_seedmanagement_GardenletConfig},
 *     {@code ..._GardenletSpec_...} and back</td>
 *     <td>{@code config} is decoded into gardenlet's typed {@code GardenletConfiguration} and encoded again on the
 *     way out: fields the type lacks are dropped, Go zero values of its non-omitempty fields are written</td>
 *     <td>both</td>
 *     <td><b>not ported</b>: the configuration is kept as JSON ({@code GardenletConfigurationDefaults} sets its
 *     apiVersion, kind and shoot capacity); re-encoding needs a typed model of all of GardenletConfiguration</td>
 *     </tr>
 * <tr><td>seedmanagement {@code Convert_*_OCIRepository_*}, {@code ..._SeedTemplate_...},
 *     {@code ..._ShootTemplate_...}</td>
 *     <td>delegate to core's generated functions: field for field</td><td>no</td><td>nothing to do</td></tr>
 * <tr><td>operations {@code Bastion}, {@code BastionSpec} (generated, registered by hand)</td>
 *     <td>field for field</td><td>no</td><td>nothing to do</td></tr>
 * <tr><td>security {@code Convert_v1alpha1_TargetSystem_To_security_TargetSystem} and back</td>
 *     <td>providerConfig between RawExtension and a runtime.Object holding the same raw JSON; null stays unset</td>
 *     <td>no</td><td>nothing to do (the JSON is kept as sent)</td></tr>
 * <tr><td>authentication {@code Convert_v1alpha1_AdminKubeconfigRequest_To_authentication_KubeconfigRequest},
 *     the Viewer one, and back</td>
 *     <td>expirationSeconds between a pointer and a value; the answer always carries it</td>
 *     <td>no (defaulting sets 3600 before the conversion)</td>
 *     <td>{@code CredentialRequestDefaults}; covered by {@code ShootKubeconfigE2ETest}</td></tr>
 * <tr><td>{@code AddFieldLabelConversionFunc} of BackupBucket, BackupEntry, ControllerInstallation,
 *     InternalSecret, Project, Shoot, Bastion, ManagedSeed; k8s Namespace and Secret</td>
 *     <td>which field selectors a list or watch accepts (others: 400)</td><td>served</td>
 *     <td>the field selectors of {@code StandardResources}. Test: {@link #fieldLabelsOfTheConversions}</td></tr>
 * <tr><td>k8s Namespace: no conversion function; {@code SetDefaults_Namespace} and the strategy's
 *     {@code Canonicalize}</td>
 *     <td>the label {@code kubernetes.io/metadata.name} mirrors the name, on every write</td><td>both</td>
 *     <td>{@code NamespaceDefaults} at decode, {@code NamespaceStrategy.canonicalize} after generateName. Test:
 *     {@link #namespaceNameIsMirroredInALabel}</td></tr>
 * <tr><td>k8s Secret: {@code SetDefaults_Secret}</td><td>an empty type is {@code Opaque} (InternalSecrets have
 *     no such default)</td><td>both</td><td>{@code SecretStrategy}. Test: {@link #stringDataOnCreate}</td></tr>
 * <tr><td>k8s ConfigMap</td><td>no conversion function, no defaults</td><td>no</td><td>nothing to do</td></tr>
 * <tr><td>operator.gardener.cloud Garden, Extension</td><td>CRDs in one version: no internal version</td>
 *     <td>no</td><td>nothing to do</td></tr>
 * <tr><td>settings.gardener.cloud</td><td>removed from Gardener before v1.150</td><td>-</td><td>not served</td></tr>
 * <tr><td>k8s Pod, Node, ReplicationController, ResourceList conversions</td><td>kinds this server does not
 *     serve</td><td>-</td><td>-</td></tr>
 * </table>
 */
@Tag("integration")
class ConversionAuditTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String SMP = "application/strategic-merge-patch+json";
    private static final String APPLY = "application/apply-patch+yaml";
    private static final Map<String, String> PROTOBUF = Map.of("Content-Type", "application/vnd.kubernetes.protobuf");

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createNamespace(admin, "conversions");
    }

    /** The two kinds with write-only {@code stringData}. */
    enum SecretKind {
        SECRET("v1", "Secret", "/api/v1/namespaces/%s/secrets", "secrets"),
        INTERNAL_SECRET(
                "core.gardener.cloud/v1beta1",
                "InternalSecret",
                "/apis/core.gardener.cloud/v1beta1/namespaces/%s/internalsecrets",
                "internalsecrets");

        final String apiVersion;
        final String kind;
        final String collection;
        final String resource;

        SecretKind(String apiVersion, String kind, String collection, String resource) {
            this.apiVersion = apiVersion;
            this.kind = kind;
            this.collection = collection;
            this.resource = resource;
        }

        String collection() {
            return String.format(collection, ns);
        }

        String object(String name) {
            return collection() + "/" + name;
        }

        ObjectNode body(String name, String type, String data, String stringData) {
            ObjectNode obj =
                    Json.MAPPER.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
            obj.putObject("metadata").put("name", name);
            if (type != null) {
                obj.put("type", type);
            }
            if (data != null) {
                obj.set("data", json(data));
            }
            if (stringData != null) {
                obj.set("stringData", json(stringData));
            }
            return obj;
        }
    }

    private static JsonNode json(String singleQuoted) {
        try {
            return Json.MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** The object as the store holds it. */
    private static JsonNode stored(SecretKind kind, String name) throws Exception {
        return Json.MAPPER.readTree(new String(storedObject(kind, name).value(), StandardCharsets.UTF_8));
    }

    private static String storedKey(SecretKind kind, String name) throws Exception {
        return storedObject(kind, name).key();
    }

    private static StoredObject storedObject(SecretKind kind, String name) throws Exception {
        String suffix = "/" + kind.resource + "/" + ns + "/" + name;
        ListPage page = SERVER.storage()
                .list(new ListRequest("/", 0, 0, null, so -> so.key().endsWith(suffix)))
                .toCompletionStage()
                .toCompletableFuture()
                .get();
        assertThat(page.items()).as(suffix).hasSize(1);
        return page.items().get(0);
    }

    /** The answer, a read and the stored object all have exactly this {@code data} (as text) and no stringData. */
    private static void assertMerged(SecretKind kind, String name, JsonNode answer, Map<String, String> expected)
            throws Exception {
        ObjectNode data = Json.MAPPER.createObjectNode();
        expected.forEach((k, v) -> data.put(k, b64(v)));
        assertData(kind, name, answer, data);
    }

    private static void assertData(SecretKind kind, String name, JsonNode answer, JsonNode data) throws Exception {
        JsonNode read = admin.get(kind.object(name)).json();
        for (JsonNode obj : List.of(answer, read, stored(kind, name))) {
            assertThat(obj.has("stringData")).as(obj.toString()).isFalse();
            assertThat(obj.path("data")).as(obj.toString()).isEqualTo(data);
        }
    }

    private static JsonNode ok(Response r, int status) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        return r.json();
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void stringDataOnCreate(SecretKind kind) throws Exception {
        JsonNode created = ok(
                admin.post(
                        kind.collection(),
                        kind.body(
                                "create",
                                null,
                                "{'a':'" + b64("x") + "','b':'" + b64("y") + "'}",
                                "{'b':'from stringData','c':'z'}")),
                201);

        assertMerged(kind, "create", created, Map.of("a", "x", "b", "from stringData", "c", "z"));
        // kube defaults a Secret's type; Gardener has no such default for InternalSecrets
        assertThat(created.path("type").asText()).isEqualTo(kind == SecretKind.SECRET ? "Opaque" : "");
        // the creating manager owns the merged data
        JsonNode fields = created.at("/metadata/managedFields/0/fieldsV1");
        assertThat(fields.path("f:data").has("f:c")).as(fields.toString()).isTrue();
        assertThat(fields.has("f:stringData")).as(fields.toString()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void stringDataOnUpdate(SecretKind kind) throws Exception {
        JsonNode created =
                ok(admin.post(kind.collection(), kind.body("update", "Opaque", "{'a':'" + b64("x") + "'}", null)), 201);
        ObjectNode changed = kind.body("update", "Opaque", "{'a':'" + b64("x") + "'}", "{'a':'new','b':'added'}");
        changed.withObjectProperty("metadata")
                .put("resourceVersion", created.at("/metadata/resourceVersion").asText());

        JsonNode updated = ok(admin.put(kind.object("update"), changed), 200);

        assertMerged(kind, "update", updated, Map.of("a", "new", "b", "added"));
    }

    @ParameterizedTest
    @CsvSource({
        "SECRET, json", "SECRET, merge", "SECRET, strategic",
        "INTERNAL_SECRET, json", "INTERNAL_SECRET, merge", "INTERNAL_SECRET, strategic"
    })
    void stringDataInEveryPatchType(SecretKind kind, String patchType) throws Exception {
        String name = "patch-" + patchType;
        ok(
                admin.post(
                        kind.collection(),
                        kind.body(name, "Opaque", "{'a':'" + b64("x") + "','keep':'" + b64("k") + "'}", null)),
                201);
        Response patched = switch (patchType) {
            case "json" ->
                admin.patch(
                        kind.object(name),
                        JSON_PATCH,
                        "[{\"op\":\"add\",\"path\":\"/stringData\",\"value\":{\"a\":\"patched\",\"b\":\"new\"}}]");
            case "merge" -> admin.patch(kind.object(name), MERGE, "{\"stringData\":{\"a\":\"patched\",\"b\":\"new\"}}");
            default -> admin.patch(kind.object(name), SMP, "{\"stringData\":{\"a\":\"patched\",\"b\":\"new\"}}");
        };

        assertMerged(kind, name, ok(patched, 200), Map.of("a", "patched", "b", "new", "keep", "k"));
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void stringDataInServerSideApplyIsOwnedAsStringData(SecretKind kind) throws Exception {
        String config = "apiVersion: " + kind.apiVersion + "\nkind: " + kind.kind + "\nmetadata:\n  name: applied\n"
                + "type: Opaque\nstringData:\n  user: admin\n  password: first\n";
        JsonNode created = ok(admin.patch(kind.object("applied") + "?fieldManager=tester", APPLY, config), 201);
        assertMerged(kind, "applied", created, Map.of("user", "admin", "password", "first"));

        JsonNode updated = ok(
                admin.patch(kind.object("applied") + "?fieldManager=tester", APPLY, config.replace("first", "second")),
                200);

        assertMerged(kind, "applied", updated, Map.of("user", "admin", "password", "second"));
        // as upstream records it: the applier owns what it sent, stringData, not the data it became
        JsonNode entry = updated.at("/metadata/managedFields/0");
        assertThat(entry.path("manager").asText()).isEqualTo("tester");
        assertThat(entry.path("operation").asText()).isEqualTo("Apply");
        assertThat(entry.at("/fieldsV1/f:stringData").has("f:password"))
                .as(entry.toString())
                .isTrue();
        assertThat(entry.at("/fieldsV1").has("f:data")).as(entry.toString()).isFalse();
    }

    /**
     * Upstream's known consequences of owning stringData rather than data (kubernetes#108008, #123843): a key
     * dropped from the applied stringData stays in data, and data keys the applier no longer sends are removed.
     */
    @Test
    void serverSideApplyOwnershipOfStringDataBehavesAsUpstream() throws Exception {
        SecretKind kind = SecretKind.SECRET;
        String head = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\ntype: Opaque\n";
        String renamed = kind.object("renamed") + "?fieldManager=tester";
        ok(
                admin.patch(
                        renamed, APPLY, head.formatted("renamed") + "stringData:\n  username: admin\n  password: p\n"),
                201);
        JsonNode kept = ok(
                admin.patch(
                        renamed, APPLY, head.formatted("renamed") + "stringData:\n  username1: admin\n  password: p\n"),
                200);
        assertMerged(kind, "renamed", kept, Map.of("username", "admin", "username1", "admin", "password", "p"));

        String switched = kind.object("switched") + "?fieldManager=tester";
        ok(admin.patch(switched, APPLY, head.formatted("switched") + "data:\n  oldkey: " + b64("old") + "\n"), 201);
        JsonNode replaced =
                ok(admin.patch(switched, APPLY, head.formatted("switched") + "stringData:\n  newkey: new\n"), 200);
        assertMerged(kind, "switched", replaced, Map.of("newkey", "new"));
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void stringDataInADryRun(SecretKind kind) throws Exception {
        JsonNode answer =
                ok(admin.post(kind.collection() + "?dryRun=All", kind.body("dry", null, null, "{'k':'v'}")), 201);
        assertThat(answer.has("stringData")).isFalse();
        assertThat(answer.path("data").path("k").asText()).isEqualTo(b64("v"));
        assertThat(admin.get(kind.object("dry")).status()).isEqualTo(404);

        ok(admin.post(kind.collection(), kind.body("dry", null, "{'k':'" + b64("v") + "'}", null)), 201);
        JsonNode patched =
                ok(admin.patch(kind.object("dry") + "?dryRun=All", MERGE, "{\"stringData\":{\"k\":\"changed\"}}"), 200);
        assertThat(patched.has("stringData")).isFalse();
        assertThat(patched.path("data").path("k").asText()).isEqualTo(b64("changed"));
        assertThat(stored(kind, "dry").path("data").path("k").asText()).isEqualTo(b64("v"));
    }

    /** Go converts what it reads from storage too: stringData an older server stored is read, and kept, as data. */
    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void stringDataStoredByAnOlderServerIsReadAsData(SecretKind kind) throws Exception {
        ok(admin.post(kind.collection(), kind.body("probe", null, null, null)), 201);
        String probeKey = storedKey(kind, "probe");
        ObjectNode legacy = kind.body("legacy", "Opaque", "{'a':'" + b64("x") + "'}", "{'a':'y','b':'z'}");
        ((ObjectNode) legacy.get("metadata"))
                .put("namespace", ns)
                .put("uid", "3d5c7f4e-0000-4000-8000-000000000001")
                .put("creationTimestamp", "2024-01-01T00:00:00Z");
        SERVER.storage()
                .create(probeKey.substring(0, probeKey.length() - "probe".length()) + "legacy", Json.toBytes(legacy))
                .toCompletionStage()
                .toCompletableFuture()
                .get();

        JsonNode read = ok(admin.get(kind.object("legacy")), 200);
        assertThat(read.has("stringData")).isFalse();
        assertThat(read.path("data")).isEqualTo(json("{'a':'" + b64("y") + "','b':'" + b64("z") + "'}"));
        JsonNode listed = ok(admin.get(kind.collection() + "?fieldSelector=" + q("metadata.name=legacy")), 200);
        assertThat(listed.path("items").get(0).path("data")).isEqualTo(read.path("data"));

        ok(admin.patch(kind.object("legacy"), MERGE, "{\"metadata\":{\"labels\":{\"touched\":\"yes\"}}}"), 200);
        assertThat(stored(kind, "legacy").has("stringData")).isFalse();
        assertThat(stored(kind, "legacy").path("data")).isEqualTo(read.path("data"));
    }

    @Test
    void stringDataInAProtobufBody() throws Exception {
        Response created = admin.send(
                "POST",
                SecretKind.SECRET.collection(),
                envelope(
                        "v1",
                        "Secret",
                        message()
                                .message(1, objectMeta("proto", ns))
                                .entry(2, "bin", new byte[] {0, 1, (byte) 0xfe})
                                .entry(2, "plain", utf8("old"))
                                .string(3, "Opaque")
                                .entry(4, "plain", "text")),
                PROTOBUF);

        assertData(SecretKind.SECRET, "proto", ok(created, 201), json("{'bin':'AAH+','plain':'" + b64("text") + "'}"));
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void validationSeesTheMergedData(SecretKind kind) {
        // the keys a type needs may come from stringData
        ok(
                admin.post(
                        kind.collection(),
                        kind.body(
                                "basic", "kubernetes.io/basic-auth", null, "{'username':'admin','password':'secret'}")),
                201);
        ok(
                admin.post(
                        kind.collection(),
                        kind.body("tls-ok", "kubernetes.io/tls", "{'tls.crt':'" + b64("c") + "'}", "{'tls.key':'k'}")),
                201);
        ok(
                admin.post(
                        kind.collection(),
                        kind.body(
                                "docker",
                                "kubernetes.io/dockerconfigjson",
                                null,
                                "{'.dockerconfigjson':'{\\\"auths\\\":{}}'}")),
                201);

        JsonNode tls = assertStatus(
                admin.post(kind.collection(), kind.body("tls-missing", "kubernetes.io/tls", null, "{'tls.crt':'c'}")),
                422,
                "Invalid");
        assertThat(causes(tls)).containsExactly("FieldValueRequired data[tls.key]");

        JsonNode key = assertStatus(
                admin.post(kind.collection(), kind.body("bad-key", null, null, "{'a b':'v'}")), 422, "Invalid");
        assertThat(causes(key)).containsExactly("FieldValueInvalid data[a b]");

        JsonNode docker = assertStatus(
                admin.post(
                        kind.collection(),
                        kind.body(
                                "bad-docker",
                                "kubernetes.io/dockerconfigjson",
                                null,
                                "{'.dockerconfigjson':'not json'}")),
                422,
                "Invalid");
        assertThat(causes(docker)).containsExactly("FieldValueInvalid data[.dockerconfigjson]");

        JsonNode token = assertStatus(
                admin.post(
                        kind.collection(),
                        kind.body("sa-token", "kubernetes.io/service-account-token", null, "{'token':'t'}")),
                422,
                "Invalid");
        assertThat(causes(token))
                .containsExactly("FieldValueRequired metadata.annotations[kubernetes.io/service-account.name]");
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void theSizeLimitCountsStringData(SecretKind kind) {
        String half = "x".repeat(600 * 1024);
        ObjectNode body = kind.body("big", null, null, null);
        body.putObject("data").put("a", b64(half));
        body.putObject("stringData").put("b", half);

        JsonNode refused = assertStatus(admin.post(kind.collection(), body), 422, "Invalid");
        assertThat(causes(refused)).containsExactly("FieldValueTooLong data");
    }

    @ParameterizedTest
    @EnumSource(SecretKind.class)
    void anImmutableSecretRefusesStringData(SecretKind kind) {
        ObjectNode body = kind.body("frozen", null, "{'k':'" + b64("v") + "'}", null);
        body.put("immutable", true);
        ok(admin.post(kind.collection(), body), 201);

        JsonNode refused = assertStatus(
                admin.patch(kind.object("frozen"), MERGE, "{\"stringData\":{\"k\":\"w\"}}"), 422, "Invalid");
        assertThat(causes(refused)).containsExactly("FieldValueForbidden data");
        // the same value again is no change
        ok(admin.patch(kind.object("frozen"), MERGE, "{\"stringData\":{\"k\":\"v\"}}"), 200);
    }

    private static List<String> causes(JsonNode status) {
        return StreamSupport.stream(status.path("details").path("causes").spliterator(), false)
                .map(c -> c.path("reason").asText() + " " + c.path("field").asText())
                .toList();
    }

    @Test
    void projectMemberRolesAreNormalised() {
        String namespace = createNamespace(admin, "garden-roles");
        ObjectNode project = (ObjectNode) json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Project',"
                + "'metadata':{'name':'roles'},'spec':{'namespace':'" + namespace + "','members':["
                + "{'kind':'User','name':'a','role':'admin','roles':['viewer','admin']},"
                + "{'kind':'User','name':'b','roles':['uam','viewer']}]}}");

        JsonNode created = create(admin, "/apis/core.gardener.cloud/v1beta1/projects", project);

        JsonNode members = created.at("/spec/members");
        assertThat(members.get(0).path("role").asText()).isEqualTo("admin");
        assertThat(members.get(0).path("roles")).isEqualTo(json("['viewer']"));
        assertThat(members.get(1).path("role").asText()).isEqualTo("uam");
        assertThat(members.get(1).path("roles")).isEqualTo(json("['viewer']"));
    }

    @Test
    void helmControllerDeploymentKeepsOnlyHelmFields() {
        ObjectNode beta = (ObjectNode) json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'ControllerDeployment',"
                + "'metadata':{'name':'helm-fields'},'type':'helm','providerConfig':{'chart':'H4sIAAAA',"
                + "'values':{'replicas':2},'unknown':'dropped'}}");

        JsonNode created = create(admin, "/apis/core.gardener.cloud/v1beta1/controllerdeployments", beta);

        assertThat(created.path("type").asText()).isEqualTo("helm");
        assertThat(created.path("providerConfig")).isEqualTo(json("{'chart':'H4sIAAAA','values':{'replicas':2}}"));
        JsonNode v1 = admin.get("/apis/core.gardener.cloud/v1/controllerdeployments/helm-fields")
                .json();
        assertThat(v1.path("helm").path("rawChart").asText()).isEqualTo("H4sIAAAA");
        assertThat(v1.has("type")).isFalse();
    }

    @Test
    void customControllerDeploymentTypeRidesInAnnotations() {
        ObjectNode beta = (ObjectNode) json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'ControllerDeployment',"
                + "'metadata':{'name':'custom-type'},'type':'custom','providerConfig':{'foo':'bar'}}");
        create(admin, "/apis/core.gardener.cloud/v1beta1/controllerdeployments", beta);

        JsonNode v1 = admin.get("/apis/core.gardener.cloud/v1/controllerdeployments/custom-type")
                .json();
        JsonNode annotations = v1.at("/metadata/annotations");
        assertThat(annotations
                        .path("migration.controllerdeployment.gardener.cloud/type")
                        .asText())
                .isEqualTo("custom");
        assertThat(json(annotations
                        .path("migration.controllerdeployment.gardener.cloud/providerConfig")
                        .asText()))
                .isEqualTo(json("{'foo':'bar'}"));
        JsonNode back = admin.get("/apis/core.gardener.cloud/v1beta1/controllerdeployments/custom-type")
                .json();
        assertThat(back.path("metadata").has("annotations")).as(back.toString()).isFalse();
        assertThat(back.path("providerConfig")).isEqualTo(json("{'foo':'bar'}"));
    }

    @ParameterizedTest
    @CsvSource({
        "/apis/core.gardener.cloud/v1beta1/backupbuckets, spec.shootRef.namespace",
        "/apis/core.gardener.cloud/v1beta1/backupentries, spec.bucketName",
        "/apis/core.gardener.cloud/v1beta1/controllerinstallations, spec.registrationRef.name",
        "/apis/core.gardener.cloud/v1beta1/internalsecrets, type",
        "/apis/core.gardener.cloud/v1beta1/projects, spec.namespace",
        "/apis/core.gardener.cloud/v1beta1/shoots, spec.cloudProfile.Kind",
        "/apis/core.gardener.cloud/v1beta1/shoots, status.seedName",
        "/apis/operations.gardener.cloud/v1alpha1/bastions, spec.shootRef.name",
        "/apis/seedmanagement.gardener.cloud/v1alpha1/managedseeds, spec.shoot.name",
        "/api/v1/namespaces, status.phase",
        "/api/v1/secrets, type"
    })
    void fieldLabelsOfTheConversions(String collection, String label) {
        ok(admin.get(collection + "?fieldSelector=" + q(label + "=x")), 200);
        assertStatus(admin.get(collection + "?fieldSelector=" + q("spec.other=x")), 400, "BadRequest");
    }

    @Test
    void namespaceNameIsMirroredInALabel() {
        JsonNode created = create(
                admin,
                "/api/v1/namespaces",
                json(
                        "{'apiVersion':'v1','kind':'Namespace',"
                                + "'metadata':{'name':'mirrored','labels':{'kubernetes.io/metadata.name':'other','team':'a'}}}"));
        assertThat(created.at("/metadata/labels"))
                .isEqualTo(json("{'kubernetes.io/metadata.name':'mirrored'," + "'team':'a'}"));

        JsonNode generated = create(
                admin,
                "/api/v1/namespaces",
                json("{'apiVersion':'v1','kind':'Namespace'," + "'metadata':{'generateName':'gen-'}}"));
        String name = generated.at("/metadata/name").asText();
        assertThat(name).startsWith("gen-");
        assertThat(generated.at("/metadata/labels/kubernetes.io~1metadata.name").asText())
                .isEqualTo(name);

        JsonNode patched = ok(
                admin.patch(
                        "/api/v1/namespaces/mirrored",
                        JSON_PATCH,
                        "[{\"op\":\"remove\",\"path\":\"/metadata/labels/kubernetes.io~1metadata.name\"}]"),
                200);
        assertThat(patched.at("/metadata/labels/kubernetes.io~1metadata.name").asText())
                .isEqualTo("mirrored");
    }
}
