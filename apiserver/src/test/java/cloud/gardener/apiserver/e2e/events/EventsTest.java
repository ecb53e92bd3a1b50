package cloud.gardener.apiserver.e2e.events;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AdmissionChain;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.events.EventRecorder;
import cloud.gardener.apiserver.registry.events.StoreEventRecorder;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * core/v1 and events.k8s.io/v1 events standalone: one set of objects under two APIs, kube-apiserver's validation
 * and field selectors, and the recorder the server's controllers use.
 */
@Tag("integration")
class EventsTest {

    private static final AtomicReference<String> PREFIX = new AtomicReference<>();

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> {
        PREFIX.set(config.build().storage().prefix());
        return config;
    });

    private static final String NS = "garden-events";
    private static final String CORE = "/api/v1/namespaces/" + NS + "/events";
    private static final String V1 = "/apis/events.k8s.io/v1/namespaces/" + NS + "/events";

    /** As client-go's legacy recorder (kubectl, controllers before events.k8s.io) writes it. */
    private static final String LEGACY = """
            {"apiVersion":"v1","kind":"Event","metadata":{"name":"crazy-botany.17a1","namespace":"garden-events"},
             "involvedObject":{"kind":"Shoot","namespace":"garden-events","name":"crazy-botany",
               "apiVersion":"core.gardener.cloud/v1beta1","uid":"0b6a5f0c-1d2e-4b5a-9c8d-7e6f5a4b3c2d"},
             "reason":"Reconciling","message":"Reconciling Shoot cluster state","source":{"component":"gardenlet"},
             "firstTimestamp":"2026-11-27T05:00:00Z","lastTimestamp":"2026-11-27T05:10:00Z","count":3,
             "type":"Normal"}""";

    /** As client-go's events.k8s.io recorder writes it. */
    private static final String NEW_STYLE = """
            {"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"dev.17a2","namespace":"garden-events"},
             "eventTime":"2026-11-27T05:20:00.123456Z","reportingController":"gardener.cloud/project-controller",
             "reportingInstance":"gardener-controller-manager-1","action":"Reconcile","reason":"NamespaceCreated",
             "regarding":{"kind":"Shoot","namespace":"garden-events","name":"dev-shoot",
               "apiVersion":"core.gardener.cloud/v1beta1"},
             "note":"Namespace garden-events created","type":"Normal"}""";

    @BeforeAll
    static void namespace() {
        create(
                SERVER.admin(),
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\"," + "\"metadata\":{\"name\":\"" + NS + "\"}}");
        create(SERVER.admin(), CORE, LEGACY);
        create(SERVER.admin(), V1, NEW_STYLE);
    }

    @Test
    void aLegacyEventReadsAsEventsV1() {
        JsonNode event = SERVER.admin().get(V1 + "/crazy-botany.17a1").json();
        assertThat(event.path("apiVersion").asText()).isEqualTo("events.k8s.io/v1");
        assertThat(event.path("regarding").path("name").asText()).isEqualTo("crazy-botany");
        assertThat(event.path("note").asText()).isEqualTo("Reconciling Shoot cluster state");
        assertThat(event.path("deprecatedSource").path("component").asText()).isEqualTo("gardenlet");
        assertThat(event.path("deprecatedFirstTimestamp").asText()).isEqualTo("2026-11-27T05:00:00Z");
        assertThat(event.path("deprecatedLastTimestamp").asText()).isEqualTo("2026-11-27T05:10:00Z");
        assertThat(event.path("deprecatedCount").asInt()).isEqualTo(3);
        assertThat(event.has("eventTime"))
                .as("eventTime is written even when zero")
                .isTrue();
        assertThat(event.path("eventTime").isNull()).isTrue();
        assertThat(event.has("involvedObject") || event.has("message") || event.has("reportingController"))
                .isFalse();
    }

    @Test
    void aNewStyleEventReadsAsCoreV1() {
        JsonNode event = SERVER.admin().get(CORE + "/dev.17a2").json();
        assertThat(event.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(event.path("involvedObject").path("name").asText()).isEqualTo("dev-shoot");
        assertThat(event.path("message").asText()).isEqualTo("Namespace garden-events created");
        assertThat(event.path("reportingComponent").asText()).isEqualTo("gardener.cloud/project-controller");
        assertThat(event.path("reportingInstance").asText()).isEqualTo("gardener-controller-manager-1");
        assertThat(event.path("eventTime").asText()).isEqualTo("2026-11-27T05:20:00.123456Z");
        assertThat(event.path("source").toString()).isEqualTo("{}");
        assertThat(event.path("firstTimestamp").isNull()).isTrue();
        // the same object: one resourceVersion under both APIs
        assertThat(event.path("metadata").path("resourceVersion").asText())
                .isEqualTo(SERVER.admin()
                        .get(V1 + "/dev.17a2")
                        .json()
                        .path("metadata")
                        .path("resourceVersion")
                        .asText());
    }

    @Test
    void bothListsHoldBothEvents() {
        assertThat(names(SERVER.admin().get(CORE).json())).contains("crazy-botany.17a1", "dev.17a2");
        assertThat(names(SERVER.admin().get(V1).json())).contains("crazy-botany.17a1", "dev.17a2");
        assertThat(names(SERVER.admin().get("/api/v1/events").json())).contains("crazy-botany.17a1");
    }

    @Test
    void fieldSelectorsUseEachApisNames() {
        assertThat(names(SERVER.admin()
                        .get(CORE + "?fieldSelector=involvedObject.name%3Dcrazy-botany")
                        .json()))
                .containsExactly("crazy-botany.17a1");
        assertThat(names(SERVER.admin()
                        .get(CORE + "?fieldSelector=source%3Dgardenlet")
                        .json()))
                .containsExactly("crazy-botany.17a1");
        assertThat(names(SERVER.admin()
                        .get(V1 + "?fieldSelector=regarding.name%3Ddev-shoot")
                        .json()))
                .containsExactly("dev.17a2");
        assertThat(names(SERVER.admin()
                        .get(V1 + "?fieldSelector=reportingController%3Dgardener.cloud%2Fproject-controller")
                        .json()))
                .containsExactly("dev.17a2");
    }

    @Test
    void eventsV1WritesMustBeNewStyleEvents() {
        String legacyThroughV1 = """
                {"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"old"},
                 "regarding":{"kind":"Shoot","namespace":"garden-events","name":"s"},"reason":"R","note":"n",
                 "type":"Normal","deprecatedCount":2}""";
        JsonNode status = assertStatus(SERVER.admin().post(V1, legacyThroughV1), 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo("Event.events.k8s.io \"old\" is invalid: "
                        + "[eventTime: Required value, count: Invalid value: \"\": needs to be unset]");
        assertThat(status.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("eventTime");

        String unknownType = NEW_STYLE.replace("dev.17a2", "typed").replace("\"type\":\"Normal\"", "\"type\":\"Info\"");
        assertThat(assertStatus(SERVER.admin().post(V1, unknownType), 422, "Invalid")
                        .path("message")
                        .asText())
                .isEqualTo(
                        "Event.events.k8s.io \"typed\" is invalid: type: Invalid value: \"\": has invalid value: Info");
    }

    @Test
    void coreWritesPassTheLegacyRules() {
        String elsewhere = LEGACY.replace("crazy-botany.17a1", "elsewhere")
                .replace(
                        "\"namespace\":\"garden-events\",\"name\":\"crazy-botany\"",
                        "\"namespace\":\"garden-other\",\"name\":\"crazy-botany\"");
        assertThat(assertStatus(SERVER.admin().post(CORE, elsewhere), 422, "Invalid")
                        .path("message")
                        .asText())
                .isEqualTo("Event \"elsewhere\" is invalid: involvedObject.namespace: Invalid value: \"garden-other\": "
                        + "does not match event.namespace");
        String unreported = NEW_STYLE
                .replace("events.k8s.io/v1", "v1")
                .replace("dev.17a2", "unreported")
                .replace("\"reportingController\":\"gardener.cloud/project-controller\",", "")
                .replace("\"regarding\"", "\"involvedObject\"")
                .replace("\"note\"", "\"message\"");
        assertThat(assertStatus(SERVER.admin().post(CORE, unreported), 422, "Invalid")
                        .path("message")
                        .asText())
                .isEqualTo("Event \"unreported\" is invalid: [reportingComponent: Required value, reportingComponent: "
                        + "Invalid value: \"\": name part must be non-empty, reportingComponent: Invalid value: \"\": name "
                        + "part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
                        + "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
                        + "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]");
    }

    @Test
    void eventsV1KeepsWhatHappenedImmutable() {
        create(SERVER.admin(), V1, NEW_STYLE.replace("dev.17a2", "immutable"));
        TestClient.Response changed = SERVER.admin()
                .patch(V1 + "/immutable", "application/merge-patch+json", "{\"note\":\"something else\"}");
        assertThat(assertStatus(changed, 422, "Invalid").path("message").asText())
                .isEqualTo(
                        "Event.events.k8s.io \"immutable\" is invalid: message: Invalid value: \"something else\": field is "
                                + "immutable");
        TestClient.Response series = SERVER.admin()
                .patch(
                        V1 + "/immutable",
                        "application/merge-patch+json",
                        "{\"series\":{\"count\":2,\"lastObservedTime\":\"2026-11-27T05:25:00.000000Z\"}}");
        assertThat(series.status()).as(series.body()).isEqualTo(200);
        assertThat(series.json().path("series").path("count").asInt()).isEqualTo(2);
    }

    @Test
    void theRecorderWritesEventsForTheServersControllers() throws Exception {
        Registry registry =
                new Registry(ResourceRegistry.standard(true), SERVER.storage(), PREFIX.get(), AdmissionChain.empty());
        EventRecorder recorder = new StoreEventRecorder(
                registry.store("", "events").orElseThrow(),
                "gardener.cloud/project-controller",
                "instance-1",
                Clock.systemUTC());
        ObjectNode project = (ObjectNode) Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1beta1\","
                + "\"kind\":\"Project\",\"metadata\":{\"name\":\"dev\",\"uid\":\"u-1\"}}");
        ObjectNode recorded = recorder.record(
                        project, EventRecorder.NORMAL, "Reconciled", "Reconcile", "Project dev reconciled")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        String name = recorded.path("metadata").path("name").asText();
        assertThat(name).startsWith("dev.");
        JsonNode event = SERVER.admin()
                .get("/apis/events.k8s.io/v1/namespaces/default/events/" + name)
                .json();
        assertThat(event.path("regarding").toString())
                .isEqualTo("{\"kind\":\"Project\",\"name\":\"dev\","
                        + "\"uid\":\"u-1\",\"apiVersion\":\"core.gardener.cloud/v1beta1\"}");
        assertThat(event.path("reportingController").asText()).isEqualTo("gardener.cloud/project-controller");
        assertThat(event.path("note").asText()).isEqualTo("Project dev reconciled");
        assertThat(event.path("eventTime").asText()).isNotEmpty();
    }

    @Test
    void aPutOfAMissingEventCreatesIt() {
        // client-go's recorder PUTs an event its cache knows, which may be gone (expired, or another server's)
        String legacy = LEGACY.replace("crazy-botany.17a1", "crazy-botany.17b1")
                .replace("\"garden-events\"},", "\"garden-events\",\"resourceVersion\":\"12345\"},");
        TestClient.Response created = SERVER.admin().put(CORE + "/crazy-botany.17b1", legacy);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("uid").asText()).isNotEmpty();
        assertThat(created.json().path("metadata").path("resourceVersion").asText())
                .isNotEqualTo("12345");
        TestClient.Response updated = SERVER.admin()
                .put(
                        CORE + "/crazy-botany.17b1",
                        LEGACY.replace("crazy-botany.17a1", "crazy-botany.17b1").replace("\"count\":3", "\"count\":4"));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("count").asInt()).isEqualTo(4);
        assertThat(updated.json().path("metadata").path("uid").asText())
                .isEqualTo(created.json().path("metadata").path("uid").asText());

        TestClient.Response createdV1 = SERVER.admin().put(V1 + "/dev.17b2", NEW_STYLE.replace("dev.17a2", "dev.17b2"));
        assertThat(createdV1.status()).as(createdV1.body()).isEqualTo(201);
        assertThat(createdV1.json().path("apiVersion").asText()).isEqualTo("events.k8s.io/v1");
        assertThat(SERVER.admin().get(CORE + "/dev.17b2").status()).isEqualTo(200);

        // a create through PUT is still checked as a create
        assertStatus(
                SERVER.admin()
                        .put(
                                CORE + "/invalid.17b3",
                                LEGACY.replace("crazy-botany.17a1", "invalid.17b3")
                                        .replace(
                                                "\"namespace\":\"garden-events\",\"name\"",
                                                "\"namespace\":\"other\",\"name\"")),
                422,
                "Invalid");
        assertThat(SERVER.admin().get(CORE + "/invalid.17b3").status()).isEqualTo(404);
        // only a PUT creates, and only events
        assertStatus(
                SERVER.admin().patch(CORE + "/missing.17b4", "application/merge-patch+json", "{\"count\":2}"),
                404,
                "NotFound");
        assertStatus(
                SERVER.admin()
                        .put(
                                "/api/v1/namespaces/" + NS + "/configmaps/missing",
                                "{\"apiVersion\":\"v1\","
                                        + "\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"missing\"}}"),
                404,
                "NotFound");
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.path("items")
                .forEach(i -> names.add(i.path("metadata").path("name").asText()));
        return names;
    }
}
