package cloud.gardener.apiserver.e2e.errors;

import static cloud.gardener.apiserver.e2e.Fixtures.CLOUDPROFILES;
import static cloud.gardener.apiserver.e2e.Fixtures.CORE;
import static cloud.gardener.apiserver.e2e.Fixtures.JSON_PATCH;
import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.q;
import static cloud.gardener.apiserver.e2e.Fixtures.rv;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every error code of protocol section 4.3, with the exact Kubernetes messages. */
@Tag("integration")
class ErrorResponsesTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(Fixtures::withoutShootGardenChecks);

    private static final String GR = "shoots.core.gardener.cloud";

    static TestClient admin;
    static String ns;

    @BeforeAll
    static void namespace() {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "errors");
        create(admin, shoots(ns), shootObject("existing"));
    }

    // ------------------------------------------------------------------------------------------- 400

    @Test
    void badJsonIsABadRequest() {
        TestClient.Response resp = admin.post(shoots(ns), "{\"kind\":");
        JsonNode status = assertStatus(resp, 400, "BadRequest");
        // the decoder's first step, reading apiVersion and kind with encoding/json, fails: no kind is known
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "the object provided is unrecognized (must be of type "
                                + "Shoot): couldn't get version/kind; json parse error: unexpected end of JSON input ({\"kind\":)");
        assertThat(resp.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(resp.header("Content-Type")).isEqualTo("application/json");
    }

    @Test
    void namespaceMismatch() {
        ObjectNode body = shootObject("ns-mismatch");
        ((ObjectNode) body.get("metadata")).put("namespace", "elsewhere");
        JsonNode status = assertStatus(admin.post(shoots(ns), body), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("the namespace of the provided object does not match the namespace sent on the request");
    }

    @Test
    void nameMismatchOnPut() {
        JsonNode status = assertStatus(admin.put(shoot(ns, "existing"), shootObject("other")), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("the name of the object (other) does not match the name on the URL (existing)");
    }

    @Test
    void theKindInAnotherServedVersionFailsTheGroupVersionCheck() {
        ObjectNode body = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1")
                .put("kind", "ControllerDeployment");
        body.putObject("metadata").put("name", "v-mismatch");
        JsonNode status = assertStatus(admin.post(CORE + "/controllerdeployments", body), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("the API version in the data (core.gardener.cloud/v1) "
                        + "does not match the expected API version (core.gardener.cloud/v1beta1)");
    }

    @Test
    void aKindTheVersionDoesNotHaveIsNotRegistered() {
        ObjectNode body = shootObject("v-mismatch");
        body.put("apiVersion", "core.gardener.cloud/v1");
        JsonNode status = assertStatus(admin.post(shoots(ns), body), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("Shoot in version \"v1\" cannot be handled as a Shoot: "
                        + "no kind \"Shoot\" is registered for version \"core.gardener.cloud/v1\" in scheme "
                        + "\"github.com/gardener/gardener/pkg/api/scheme.go:25\"");
    }

    @Test
    void anotherKindHasNoConversion() {
        ObjectNode body = shootObject("other-kind");
        body.put("kind", "Seed");
        JsonNode status = assertStatus(admin.post(shoots(ns), body), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("Seed in version \"v1beta1\" cannot be handled as a "
                        + "Shoot: converting (github.com/gardener/gardener/pkg/apis/core/v1beta1) Seed to "
                        + "(github.com/gardener/gardener/pkg/apis/core) Shoot: unknown conversion");
    }

    @Test
    void aBodyThatIsNoObjectIsUnrecognized() {
        JsonNode status = assertStatus(admin.post(shoots(ns), "[1]"), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("the object provided is unrecognized (must be of type "
                        + "Shoot): couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of "
                        + "type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
                        + "\"json:\\\"kind,omitempty\\\"\" } (5b315d)");
    }

    @Test
    void aBodyThatIsNoJsonIsUnrecognizedInEncodingJsonsWords() {
        JsonNode status = assertStatus(
                admin.post(shoots(ns), "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",}"), 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo("the object provided is unrecognized (must be of type "
                        + "Shoot): couldn't get version/kind; json parse error: invalid character '}' looking for beginning "
                        + "of object key string ({\"apiVersion\":\"core.gardener.c ...)");
        status = assertStatus(
                admin.patch(shoots(ns) + "/any", "application/merge-patch+json", "{\"spec\":"), 400, "BadRequest");
        assertThat(status.path("message").asText()).isEqualTo("error decoding patch: unexpected end of JSON input");
    }

    @Test
    void badSelectorsAndContinueTokens() {
        assertStatus(admin.get(shoots(ns) + "?labelSelector=" + q("a in (")), 400, "BadRequest");
        JsonNode field = assertStatus(admin.get(shoots(ns) + "?fieldSelector=" + q("x=y")), 400, "BadRequest");
        assertThat(field.path("message").asText()).isEqualTo("field label not supported: x");
        // cloudprofiles have no spec.seedName field label
        JsonNode perKind =
                assertStatus(admin.get(CLOUDPROFILES + "?fieldSelector=" + q("spec.seedName=a")), 400, "BadRequest");
        assertThat(perKind.path("message").asText()).isEqualTo("field label not supported: spec.seedName");
        JsonNode token = assertStatus(admin.get(shoots(ns) + "?limit=1&continue=garbage"), 400, "BadRequest");
        assertThat(token.path("message").asText()).startsWith("invalid continue token");
    }

    @Test
    void badRequestOptions() {
        JsonNode timeout = assertStatus(admin.get(shoots(ns) + "?timeout=soon"), 400, "BadRequest");
        assertThat(timeout.path("message").asText()).isEqualTo("invalid timeout specified in the request URL");
        assertThat(admin.get(shoots(ns) + "?timeout=32s").status()).isEqualTo(200);
        // a DELETE body must be DeleteOptions
        TestClient.Response otherKind = admin.delete(
                shoot(ns, "existing"), "{\"kind\":\"Shoot\",\"apiVersion\":\"core.gardener.cloud/v1beta1\"}");
        assertThat(otherKind.status()).isBetween(400, 500);
        assertThat(admin.get(shoot(ns, "existing")).status()).isEqualTo(200);
        assertStatus(admin.get(shoots(ns) + "?limit=x"), 400, "BadRequest");
    }

    // ------------------------------------------------------------------------------------------- 401

    @Test
    void certificateFromAnotherCaIsUnauthorized() {
        CertificateAuthority other = CertificateAuthority.generate("other-ca", Duration.ofHours(1));
        TestClient forged = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(),
                SERVER.servingCa().certificate(),
                other.issueClient("admin", List.of("system:masters"), Duration.ofHours(1)));
        TestClient.Response resp = forged.get(shoots(ns));
        JsonNode status = assertStatus(resp, 401, "Unauthorized");
        assertThat(status.path("message").asText()).isEqualTo("Unauthorized");
        // even for an always-allowed path: a presented-but-invalid credential is never anonymous
        assertThat(forged.get("/healthz").status()).isEqualTo(401);
    }

    // ------------------------------------------------------------------------------------------- 403

    @Test
    void anonymousAndUnprivilegedUsersAreForbidden() {
        JsonNode anon = assertStatus(SERVER.anonymous().get(shoots(ns)), 403, "Forbidden");
        assertThat(anon.path("message").asText())
                .isEqualTo(GR + " is forbidden: User \"system:anonymous\" cannot list "
                        + "resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"" + ns + "\"");
        assertThat(anon.path("details").path("group").asText()).isEqualTo("core.gardener.cloud");
        assertThat(anon.path("details").path("kind").asText()).isEqualTo("shoots");

        // forged front-proxy headers are ignored without a front-proxy certificate
        TestClient.Response headers = SERVER.anonymous()
                .get(shoots(ns), Map.of("X-Remote-User", "admin", "X-Remote-Group", "system:masters"));
        assertThat(headers.status()).isEqualTo(403);
        assertThat(headers.json().path("message").asText()).contains("User \"system:anonymous\"");

        TestClient alice = SERVER.client("alice", List.of("dev"));
        JsonNode get = assertStatus(alice.get(shoot(ns, "existing")), 403, "Forbidden");
        assertThat(get.path("message").asText())
                .isEqualTo(GR + " \"existing\" is forbidden: User \"alice\" cannot get "
                        + "resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"" + ns + "\"");
        assertThat(get.path("details").path("name").asText()).isEqualTo("existing");

        // (cloud profiles and seeds are readable by every authenticated user; controller installations are not)
        JsonNode cluster = assertStatus(alice.get(CORE + "/controllerinstallations"), 403, "Forbidden");
        assertThat(cluster.path("message").asText())
                .isEqualTo("controllerinstallations.core.gardener.cloud is "
                        + "forbidden: User \"alice\" cannot list resource \"controllerinstallations\" in API group "
                        + "\"core.gardener.cloud\" at the cluster scope");

        JsonNode status =
                assertStatus(alice.put(shoot(ns, "existing") + "/status", shootObject("existing")), 403, "Forbidden");
        assertThat(status.path("message").asText()).contains("cannot update resource \"shoots/status\"");

        JsonNode path = assertStatus(SERVER.anonymous().get("/apis"), 403, "Forbidden");
        assertThat(path.path("message").asText())
                .isEqualTo("forbidden: User \"system:anonymous\" cannot get path \"/apis\"");
    }

    // ------------------------------------------------------------------------------------------- 404

    @Test
    void notFound() {
        JsonNode missing = assertStatus(admin.get(shoot(ns, "nope")), 404, "NotFound");
        assertThat(missing.path("message").asText()).isEqualTo(GR + " \"nope\" not found");
        assertThat(missing.path("details").path("name").asText()).isEqualTo("nope");
        assertThat(missing.path("details").path("group").asText()).isEqualTo("core.gardener.cloud");
        assertThat(missing.path("details").path("kind").asText()).isEqualTo("shoots");
        assertStatus(admin.put(shoot(ns, "nope"), shootObject("nope")), 404, "NotFound");
        assertStatus(admin.patch(shoot(ns, "nope"), MERGE, "{}"), 404, "NotFound");
        assertStatus(admin.delete(shoot(ns, "nope")), 404, "NotFound");

        TestClient.Response unknown = admin.get(CORE + "/nopes");
        JsonNode resource = assertStatus(unknown, 404, "NotFound");
        assertThat(resource.path("message").asText()).isEqualTo("the server could not find the requested resource");
        assertThat(resource.path("details").isObject()).isTrue();
        assertThat(resource.path("details")).isEmpty();
        assertStatus(admin.get(CORE + "/namespaces/" + ns + "/nopes/x"), 404, "NotFound");
        // a subresource the kind does not have
        assertStatus(admin.get(shoot(ns, "existing") + "/bogus"), 404, "NotFound");

        assertThat(admin.get("/apis/nope.example.com/v1/foos").status()).isEqualTo(404);
        assertThat(admin.get("/apis/nope.example.com").status()).isEqualTo(404);
        assertThat(admin.get("/apis/core.gardener.cloud/v9").status()).isEqualTo(404);
    }

    // ------------------------------------------------------------------------------------------- 405

    @Test
    void methodNotAllowed() {
        JsonNode post = assertStatus(admin.post(CORE + "/shoots", shootObject("all-ns")), 405, "MethodNotAllowed");
        assertThat(post.path("message").asText())
                .isEqualTo("the server does not allow this method on the requested resource");
        assertStatus(admin.put(shoots(ns), shootObject("coll")), 405, "MethodNotAllowed");
        assertStatus(admin.delete(CORE + "/shoots"), 405, "MethodNotAllowed");
        assertStatus(admin.post(shoot(ns, "existing"), shootObject("existing")), 405, "MethodNotAllowed");
        assertStatus(admin.delete(shoot(ns, "existing") + "/status"), 405, "MethodNotAllowed");
        assertStatus(admin.post(shoot(ns, "existing") + "/status", shootObject("existing")), 405, "MethodNotAllowed");
        assertStatus(admin.delete(CORE + "/namespaces/" + ns + "/shoots/existing/binding"), 405, "MethodNotAllowed");
        assertThat(admin.get(shoot(ns, "existing")).status()).isEqualTo(200);
    }

    // ------------------------------------------------------------------------------------------- 406

    @Test
    void notAcceptable() {
        JsonNode xml = assertStatus(admin.get(shoots(ns), Map.of("Accept", "application/xml")), 406, "NotAcceptable");
        // Shoots have a protobuf form, so it is offered too (as upstream lists the serializers of the kind)
        assertThat(xml.path("message").asText())
                .isEqualTo("only the following media types are accepted: "
                        + "application/json, application/yaml, application/vnd.kubernetes.protobuf");
        TestClient.Response yamlWatch = admin.get(shoots(ns) + "?watch=true", Map.of("Accept", "application/yaml"));
        assertStatus(yamlWatch, 406, "NotAcceptable");
        // YAML itself is fine for a plain get
        TestClient.Response yaml = admin.get(shoot(ns, "existing"), Map.of("Accept", "application/yaml"));
        assertThat(yaml.status()).isEqualTo(200);
        assertThat(yaml.header("Content-Type")).isEqualTo("application/yaml");
        assertThat(yaml.body()).contains("kind: Shoot").contains("name: existing");
    }

    // ------------------------------------------------------------------------------------------- 409

    @Test
    void alreadyExistsAndConflict() {
        JsonNode exists = assertStatus(admin.post(shoots(ns), shootObject("existing")), 409, "AlreadyExists");
        assertThat(exists.path("message").asText()).isEqualTo(GR + " \"existing\" already exists");
        assertThat(exists.path("details").path("name").asText()).isEqualTo("existing");
        assertThat(exists.path("details").path("kind").asText()).isEqualTo("shoots");

        JsonNode created = create(admin, shoots(ns), shootObject("conflict"));
        TestClient.Response moved =
                admin.patch(shoot(ns, "conflict"), MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
        assertThat(moved.status()).isEqualTo(200);
        String conflictMessage = "Operation cannot be fulfilled on " + GR + " \"conflict\": the object has been "
                + "modified; please apply your changes to the latest version and try again";
        JsonNode stale = assertStatus(admin.put(shoot(ns, "conflict"), created), 409, "Conflict");
        assertThat(stale.path("message").asText()).isEqualTo(conflictMessage);
        JsonNode stalePatch = assertStatus(
                admin.patch(
                        shoot(ns, "conflict"),
                        MERGE,
                        "{\"metadata\":{\"resourceVersion\":\"" + rv(created) + "\",\"labels\":{\"c\":\"d\"}}}"),
                409,
                "Conflict");
        assertThat(stalePatch.path("message").asText()).isEqualTo(conflictMessage);
        // kubectl's managedFields-migration style JSON patch replacing the resourceVersion
        assertStatus(
                admin.patch(
                        shoot(ns, "conflict"),
                        JSON_PATCH,
                        "[{\"op\":\"replace\",\"path\":\"/metadata/resourceVersion\",\"value\":\"" + rv(created)
                                + "\"}]"),
                409,
                "Conflict");
        // the current resourceVersion in a patch is fine
        TestClient.Response fresh = admin.patch(
                shoot(ns, "conflict"),
                MERGE,
                "{\"metadata\":{\"resourceVersion\":\"" + rv(moved.json()) + "\",\"labels\":{\"c\":\"d\"}}}");
        assertThat(fresh.status()).as(fresh.body()).isEqualTo(200);
    }

    // ------------------------------------------------------------------------------------------- 410

    @Test
    void compactedListRevisionAndExpiredContinue() {
        String other = createProjectNamespace(admin, "errors-gone");
        JsonNode first = create(admin, shoots(other), shootObject("g1"));
        create(admin, shoots(other), shootObject("g2"));
        create(admin, shoots(other), shootObject("g3"));
        JsonNode page = admin.get(shoots(other) + "?limit=1").json();
        String token = page.path("metadata").path("continue").asText();
        assertThat(token).isNotEmpty();
        JsonNode later = create(admin, shoots(other), shootObject("g4"));
        SERVER.storage()
                .compact(Long.parseLong(rv(later)))
                .toCompletionStage()
                .toCompletableFuture()
                .join();

        JsonNode exact = assertStatus(
                admin.get(shoots(other) + "?resourceVersion=" + rv(first) + "&resourceVersionMatch=Exact"),
                410,
                "Expired");
        assertThat(exact.path("message").asText()).isEqualTo("The resourceVersion for the provided list is too old.");
        // limit with an RV and no match is an exact read too
        assertStatus(admin.get(shoots(other) + "?limit=2&resourceVersion=" + rv(first)), 410, "Expired");
        JsonNode expired = assertStatus(admin.get(shoots(other) + "?limit=1&continue=" + q(token)), 410, "Expired");
        assertThat(expired.path("message").asText())
                .isEqualTo(
                        "The provided continue parameter is too old "
                                + "to display a consistent list result. You can start a new list without the continue parameter, "
                                + "or use the continue token in this response to retrieve the remainder of the results. "
                                + "Continuing with the provided token results in an inconsistent list - objects that were created, "
                                + "modified, or deleted between the time the first chunk was returned and now may show up in the list.");
        // the inconsistent-continue token resumes after g1 at the latest revision, then pages at that revision
        String inconsistent = expired.path("metadata").path("continue").asText();
        assertThat(inconsistent).isNotEmpty().isNotEqualTo(token);
        JsonNode resumed = admin.get(shoots(other) + "?limit=2&continue=" + q(inconsistent))
                .json();
        assertThat(names(resumed)).containsExactly("g2", "g3");
        assertThat(Long.parseLong(rv(resumed))).isGreaterThanOrEqualTo(Long.parseLong(rv(later)));
        JsonNode last = admin.get(shoots(other) + "?limit=2&continue="
                        + q(resumed.path("metadata").path("continue").asText()))
                .json();
        assertThat(names(last)).containsExactly("g4");
        assertThat(rv(last)).isEqualTo(rv(resumed));
        // not-older-than an old revision is served from the latest state
        TestClient.Response notOlder =
                admin.get(shoots(other) + "?resourceVersion=" + rv(first) + "&resourceVersionMatch=NotOlderThan");
        assertThat(notOlder.status()).isEqualTo(200);
        assertThat(notOlder.json().path("items")).hasSize(4);
    }

    private static List<String> names(JsonNode list) {
        return java.util.stream.StreamSupport.stream(list.path("items").spliterator(), false)
                .map(item -> item.path("metadata").path("name").asText())
                .toList();
    }

    // ------------------------------------------------------------------------------------------- 413

    @Test
    void bodyOverThreeMebibytes() {
        ObjectNode body = shootObject("huge");
        ((ObjectNode) body.get("metadata")).putObject("annotations").put("big", "x".repeat(3 * 1024 * 1024 + 10));
        JsonNode status = assertStatus(admin.post(shoots(ns), body), 413, "RequestEntityTooLarge");
        assertThat(status.path("message").asText()).isEqualTo("Request entity too large: limit is 3145728");
    }

    /**
     * Over etcd's 1.5 MiB request limit but under the 3 MiB body limit: kube-apiserver answers etcd's error
     * untyped (ErrorToAPIStatus: 500, no reason), and nothing is stored.
     */
    @Test
    void objectsOverTheStoresRequestLimitAreRefusedWithEtcdsMessage() {
        String states = Fixtures.shootStates(ns);
        TestClient.Response refused = admin.post(states, Fixtures.shootStateObject("too-big", 1_700_000));
        assertThat(refused.status()).as(refused.body()).isEqualTo(500);
        JsonNode status = refused.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("message").asText()).isEqualTo("etcdserver: request is too large");
        assertThat(status.has("reason")).isFalse();
        assertThat(admin.get(states + "/too-big").status()).isEqualTo(404);
        // over etcd's gRPC message limit (2 MiB), Go's client refuses to send and kube-apiserver shows its words
        TestClient.Response grpc = admin.post(states, Fixtures.shootStateObject("too-big", 2_100_000));
        assertThat(grpc.status()).as(grpc.body()).isEqualTo(500);
        assertThat(grpc.json().path("message").asText())
                .matches("rpc error: code = ResourceExhausted desc = trying to send message larger than max "
                        + "\\(21\\d{5} vs\\. 2097152\\)");
        assertThat(admin.get(states + "/too-big").status()).isEqualTo(404);
        // a large state under the limit is stored; growing it over the limit is refused the same way
        Fixtures.assertGrowingOverTheRequestLimitIsRefused(admin, states);
    }

    /** As upstream's create handler: an object too large only with its managedFields is stored without them. */
    @Test
    void anObjectTooLargeOnlyWithItsManagedFieldsIsStoredWithoutThem() {
        String states = Fixtures.shootStates(ns);
        ObjectNode state = Fixtures.shootStateObject("fields", 1_000_000);
        ObjectNode entry = ((ObjectNode) state.get("metadata"))
                .putArray("managedFields")
                .addObject()
                .put("manager", "big")
                .put("operation", "Update")
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("time", "2025-01-01T00:00:00Z")
                .put("fieldsType", "FieldsV1");
        ObjectNode annotations =
                entry.putObject("fieldsV1").putObject("f:metadata").putObject("f:annotations");
        for (int i = 0; i < 20; i++) {
            annotations.putObject("f:" + i + "a".repeat(40_000));
        }
        TestClient.Response created = admin.post(states, state);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").has("managedFields")).isFalse();
        JsonNode stored = admin.get(states + "/fields").json();
        assertThat(stored.path("spec")
                        .path("gardener")
                        .path(0)
                        .path("data")
                        .path("ca.crt")
                        .asText())
                .hasSize(1_000_000);
        assertThat(stored.path("metadata").has("managedFields")).isFalse();
    }

    /** A 1.32+ client with CBOR on asks for it first; kube-apiserver 1.32 with the CBOR feature off does not serve it. */
    @Test
    void cborIsNotServed() {
        JsonNode cbor = assertStatus(admin.get(shoots(ns), Map.of("Accept", "application/cbor")), 406, "NotAcceptable");
        assertThat(cbor.path("message").asText())
                .isEqualTo("only the following media types are accepted: application/json, application/yaml, "
                        + "application/vnd.kubernetes.protobuf");
        TestClient.Response fallback =
                admin.get(shoots(ns), Map.of("Accept", "application/cbor, application/json;q=0.9"));
        assertThat(fallback.status()).isEqualTo(200);
        assertThat(fallback.header("Content-Type")).isEqualTo("application/json");
        assertStatus(
                admin.get(shoots(ns) + "?watch=true", Map.of("Accept", "application/cbor-seq")), 406, "NotAcceptable");

        JsonNode shoot = assertStatus(
                admin.send("POST", shoots(ns), "\u00a0", Map.of("Content-Type", "application/cbor")),
                415,
                "UnsupportedMediaType");
        // a Shoot body may also be protobuf (every served kind has its protobuf form): the message says so
        assertThat(shoot.path("message").asText())
                .isEqualTo(
                        "the body of the request was in an unknown format - "
                                + "accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf");
        // and so for a Secret
        JsonNode secret = assertStatus(
                admin.send(
                        "POST",
                        "/api/v1/namespaces/" + ns + "/secrets",
                        "\u00a0",
                        Map.of("Content-Type", "application/cbor")),
                415,
                "UnsupportedMediaType");
        assertThat(secret.path("message").asText())
                .isEqualTo(
                        "the body of the request was in an unknown format - "
                                + "accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf");
    }

    // ------------------------------------------------------------------------------------------- 415

    @Test
    void unsupportedMediaType() {
        JsonNode text = assertStatus(
                admin.send("POST", shoots(ns), "name: x", Map.of("Content-Type", "text/plain")),
                415,
                "UnsupportedMediaType");
        assertThat(text.path("message").asText())
                .startsWith("the body of the request was in an unknown format - accepted media types include: ")
                .contains("application/json", "application/yaml");
        JsonNode patch =
                assertStatus(admin.patch(shoot(ns, "existing"), "application/foo", "{}"), 415, "UnsupportedMediaType");
        assertThat(patch.path("message").asText())
                .startsWith("the body of the request was in an unknown format - accepted media types include: ")
                .contains("application/json-patch+json", "application/merge-patch+json");
    }

    // ------------------------------------------------------------------------------------------- 422

    @Test
    void invalid() {
        ObjectNode noName = shootObject(null);
        JsonNode name = assertStatus(admin.post(shoots(ns), noName), 422, "Invalid");
        assertThat(name.path("message").asText())
                .isEqualTo("Shoot.core.gardener.cloud \"\" is invalid: "
                        + "metadata.name: Required value: name or generateName is required");
        assertThat(name.path("details").path("kind").asText()).isEqualTo("Shoot");
        assertThat(name.path("details").path("group").asText()).isEqualTo("core.gardener.cloud");
        JsonNode cause = name.path("details").path("causes").get(0);
        assertThat(cause.path("reason").asText()).isEqualTo("FieldValueRequired");
        assertThat(cause.path("field").asText()).isEqualTo("metadata.name");

        // BeforeCreate: the strategy's validation first (the Shoot name is a DNS label), the generic path-segment
        // check ("may not contain '/'") only after it passed
        JsonNode slash = assertStatus(admin.post(shoots(ns), shootObject("bad/name")), 422, "Invalid");
        assertThat(slash.path("message").asText())
                .startsWith("Shoot.core.gardener.cloud \"bad/name\" is invalid: ")
                .contains("metadata.name: Invalid value: \"bad/name\": a lowercase RFC 1123 label must consist of")
                .doesNotContain("may not contain");
        JsonNode unnamed = assertStatus(
                admin.post("/api/v1/namespaces", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{}}"),
                422,
                "Invalid");
        assertThat(unnamed.path("message").asText())
                .isEqualTo("Namespace \"\" is invalid: "
                        + "metadata.name: Required value: name or generateName is required");

        JsonNode exact = assertStatus(admin.get(shoots(ns) + "?resourceVersionMatch=Exact"), 422, "Invalid");
        assertThat(exact.path("message").asText())
                .isEqualTo(
                        "ListOptions.meta.k8s.io \"\" is invalid: "
                                + "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided");
        assertThat(exact.path("details").path("group").asText()).isEqualTo("meta.k8s.io");
        assertThat(exact.path("details").path("kind").asText()).isEqualTo("ListOptions");
        JsonNode exactZero =
                assertStatus(admin.get(shoots(ns) + "?resourceVersion=0&resourceVersionMatch=Exact"), 422, "Invalid");
        assertThat(exactZero.path("message").asText())
                .contains("resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"");

        JsonNode dryRun = assertStatus(admin.post(shoots(ns) + "?dryRun=foo", shootObject("dry")), 422, "Invalid");
        assertThat(dryRun.path("message").asText())
                .isEqualTo("CreateOptions.meta.k8s.io \"\" is invalid: "
                        + "dryRun: Unsupported value: []string{\"foo\"}: supported values: \"All\"");
        assertStatus(admin.delete(shoot(ns, "existing") + "?dryRun=foo"), 422, "Invalid");
        assertStatus(admin.delete(shoot(ns, "existing") + "?propagationPolicy=Sometimes"), 422, "Invalid");
        assertThat(admin.get(shoot(ns, "existing")).status()).isEqualTo(200);
        JsonNode sie = assertStatus(admin.get(shoots(ns) + "?sendInitialEvents=true"), 422, "Invalid");
        assertThat(sie.path("message").asText()).contains("sendInitialEvents is forbidden for list");
    }

    // ------------------------------------------------------------------------------------------- 500

    @Test
    void resourceVersionOnCreate() {
        ObjectNode body = shootObject("with-rv");
        ((ObjectNode) body.get("metadata")).put("resourceVersion", "5");
        TestClient.Response resp = admin.post(shoots(ns), body);
        assertThat(resp.status()).isEqualTo(500);
        JsonNode status = resp.json();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("status").asText()).isEqualTo("Failure");
        assertThat(status.path("reason").asText()).isEmpty();
        assertThat(status.path("code").asInt()).isEqualTo(500);
        assertThat(status.path("message").asText())
                .isEqualTo("resourceVersion should not be set on objects to be created");
        assertThat(admin.get(shoot(ns, "with-rv")).status()).isEqualTo(404);
    }

    // ------------------------------------------------------------------------------------------- 504

    @Test
    void futureResourceVersion() {
        long future = Long.parseLong(rv(admin.get(shoots(ns)).json())) + 1_000_000;
        TestClient.Response resp =
                admin.get(shoots(ns) + "?resourceVersion=" + future + "&resourceVersionMatch=NotOlderThan");
        JsonNode status = assertStatus(resp, 504, "Timeout");
        assertThat(status.path("message").asText())
                .startsWith("Timeout: Too large resource version: " + future + ", current: ");
        assertThat(status.path("details").path("causes").get(0).path("reason").asText())
                .isEqualTo("ResourceVersionTooLarge");
        assertThat(status.path("details").path("causes").get(0).path("message").asText())
                .isEqualTo("Too large resource version");
        assertThat(status.path("details").path("retryAfterSeconds").asInt()).isEqualTo(1);
    }
}
