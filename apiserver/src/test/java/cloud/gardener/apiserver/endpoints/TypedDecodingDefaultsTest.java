package cloud.gardener.apiserver.endpoints;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.conversion.InputConversion;
import cloud.gardener.apiserver.api.conversion.InputConversions;
import cloud.gardener.apiserver.api.defaults.Defaulter;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.Registry;
import cloud.gardener.apiserver.registry.StoredFormSamples;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The typed decoding converts only the members a kind's defaulting (or input conversion) changed: what it answers, and
 * what the store then takes from the write's {@link ModelForms} (the canonical tree, the record's encoding for
 * storage), must be exactly what converting the whole defaulted object gives. (The record itself may differ where its
 * encoding does not: a member the request left unset is kept null, as Go's decoded object has it, where a decode of
 * the encoded tree gives an empty struct.) Checked over every defaulted
 * object of the examples and the conformance samples (as read, kind first, with server fields) and over Shoots as
 * clients send them: with a SecretBinding or a CredentialsBinding, without kind or namespace, with nulls, unknown
 * fields, numbers in other forms and wrong types.
 */
class TypedDecodingDefaultsTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    private static final String SHOOT = """
            {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
             "metadata": {"name": "crazy", "namespace": "garden-dev"},
             "spec": {"cloudProfile": {"kind": "CloudProfile", "name": "profile"}, "region": "europe-central-1",
              "provider": {"type": "local", "workers": [{"name": "cpu", "minimum": 1, "maximum": 2,
                "machine": {"type": "m5.large", "architecture": "amd64",
                 "image": {"name": "gardenlinux", "version": "15.4.20220818"}},
                "volume": {"type": "gp3", "size": "20Gi"}}]},
              "kubernetes": {"version": "1.35.4"},
              "networking": {"type": "calico", "nodes": "10.250.0.0/16", "pods": "100.96.0.0/11",
               "services": "100.64.0.0/13", "ipFamilies": ["IPv4"]}}}""";

    /** Shoots as clients write them, and with what decoding must treat with care. */
    private static List<String> shoots() {
        List<String> shoots = new ArrayList<>();
        shoots.add(SHOOT);
        shoots.add(SHOOT.replace("\"region\"", "\"secretBindingName\": \"my-secret\", \"region\""));
        shoots.add(SHOOT.replace("\"region\"", "\"credentialsBindingName\": \"my-credentials\", \"region\""));
        shoots.add(SHOOT.replace("\"kind\": \"Shoot\",", ""));
        shoots.add(SHOOT.replace("\"apiVersion\": \"core.gardener.cloud/v1beta1\", \"kind\": \"Shoot\",", ""));
        shoots.add(SHOOT.replace(", \"namespace\": \"garden-dev\"", ""));
        shoots.add(SHOOT.replace("\"minimum\": 1", "\"minimum\": 1, \"maxSurge\": \"50%\", \"maxUnavailable\": 0"));
        shoots.add(SHOOT.replace("\"minimum\": 1", "\"minimum\": 1.0"));
        shoots.add(SHOOT.replace("\"minimum\": 1", "\"minimum\": \"1\""));
        shoots.add(SHOOT.replace("\"region\": \"europe-central-1\"", "\"region\": 7"));
        shoots.add(SHOOT.replace("\"region\"", "\"unknownField\": {\"a\": 1}, \"region\""));
        shoots.add(SHOOT.replace(
                "\"region\"", "\"maintenance\": null, \"hibernation\": null, \"addons\": {}, \"region\""));
        shoots.add(SHOOT.replace("{\"version\": \"1.35.4\"}", "{\"version\": \"1.35.4\", \"kubeAPIServer\": null}"));
        shoots.add(SHOOT.replace(
                "{\"version\": \"1.35.4\"}",
                "{\"version\": \"1.35.4\", \"kubeAPIServer\": {\"enableAnonymousAuthentication\": true},"
                        + " \"kubelet\": {\"failSwapOn\": false}, \"allowPrivilegedContainers\": true}"));
        shoots.add(SHOOT.replace(
                "\"namespace\": \"garden-dev\"}",
                "\"namespace\": \"garden-dev\", \"annotations\": null, \"labels\": {\"a\": \"b\"},"
                        + " \"managedFields\": []}"));
        shoots.add(SHOOT.replace("\"metadata\"", "\"status\": {\"technicalID\": \"shoot--dev--crazy\"}, \"metadata\""));
        shoots.add(SHOOT.replace("\"spec\": {", "\"spec\": {\"purpose\": \"production\", ")
                .replace("\"workers\": [", "\"workers\": [{\"name\": \"second\", \"machine\": {\"type\": \"m5\"}},"));
        shoots.add(SHOOT.replace("\"workers\": [", "\"workersSettings\": {}, \"workers\": [")
                .replace(
                        "\"provider\": {\"type\": \"local\", \"workers\": [{",
                        "\"provider\": {\"type\": \"local\"}, \"x\": [{"));
        shoots.add(SHOOT.replace("\"spec\": {", "\"spec\": null, \"other\": {"));
        return shoots;
    }

    @Test
    void decodingADefaultedObjectGivesWhatConvertingItWholeGives() throws Exception {
        Registry registry = embeddedStore.registry();
        GenericStore shoots = registry.store("core.gardener.cloud", "shoots").orElseThrow();
        List<Case> cases = new ArrayList<>();
        for (String shoot : shoots()) {
            cases.add(new Case(shoots, "v1beta1", tree(shoot)));
        }
        for (ObjectNode sample : StoredFormSamples.all()) {
            store(registry, sample)
                    .ifPresent(store -> cases.add(
                            new Case(store, sample.path("apiVersion").asText().replaceFirst(".*/", ""), sample)));
        }
        int defaulted = 0;
        for (Case c : cases) {
            GroupVersionKind gvk = c.store().type().gvk(c.version());
            if (Defaulters.of(gvk).isEmpty() || ResourceModels.of(gvk).isEmpty()) {
                continue;
            }
            defaulted++;
            String namespace = c.store().type().namespaced() ? "garden-dev" : "";
            ResourceRequest req = request(c.store(), c.version(), namespace);
            Class<?> model = ResourceModels.of(gvk).orElseThrow();
            ModelForms forms = new ModelForms();
            ObjectNode decoded;
            try {
                decoded = TypedDecoding.apply(
                        req,
                        c.body().deepCopy(),
                        new RequestBodies.ParsedBody(c.body(), List.of(), List.of()),
                        FieldValidation.IGNORE,
                        forms);
            } catch (ApiException e) {
                assertThat(convertedWhole(req, c.body().deepCopy(), model, null))
                        .as("%s", c.body())
                        .isNull();
                continue;
            }
            ObjectNode whole =
                    convertedWhole(req, c.body().deepCopy(), model, decoded.at("/spec/maintenance/timeWindow"));
            assertThat(whole).as("%s", c.body()).isNotNull();
            assertThat(decoded).as("%s", c.body()).hasToString(whole.toString());
            // what the store takes: the record it validates and encodes, and the canonical tree
            ObjectNode stored = decoded.deepCopy();
            Object record = forms.canonicalize(stored, model);
            // (a [] of managedFields the decoding kept for the field manager is no member of the canonical form)
            ObjectNode canonical = ModelCodec.canonical(whole, model);
            assertThat(stored).as("%s", c.body()).hasToString(canonical.toString());
            assertThat(Json.toBytes(ModelCodec.encode(record)))
                    .as("%s", c.body())
                    .isEqualTo(Json.toBytes(canonical));
        }
        assertThat(defaulted).isGreaterThan(shoots().size() + 5);
    }

    /** Edits of a decoded Shoot as Gardener's mutating admission plugins make them, and some no plugin should. */
    private static List<Consumer<ObjectNode>> admissionEdits() {
        return List.of(
                shoot -> {},
                shoot -> ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", "1.35.5"),
                shoot ->
                        ((ObjectNode) shoot.get("spec")).putObject("dns").put("domain", "crazy.garden-dev.example.com"),
                shoot -> ((ObjectNode) shoot.at("/spec/kubernetes"))
                        .putObject("verticalPodAutoscaler")
                        .put("enabled", true),
                shoot -> ((ObjectNode) shoot.at("/spec/provider/workers/0"))
                        .withObjectProperty("kubernetes")
                        .withObjectProperty("kubelet")
                        .putObject("kubeReserved")
                        .put("cpu", "80m")
                        .put("memory", "1Gi"),
                shoot -> {
                    ObjectNode meta = (ObjectNode) shoot.get("metadata");
                    meta.withObjectProperty("labels").put("shoot.gardener.cloud/status", "healthy");
                    meta.withObjectProperty("annotations").put("gardener.cloud/created-by", "admin");
                    meta.putArray("finalizers").add("gardener");
                },
                shoot -> {
                    ((ObjectNode) shoot.at("/spec/networking")).put("type", "cilium");
                    ((ObjectNode) shoot.get("spec"))
                            .withObjectProperty("systemComponents")
                            .putObject("nodeLocalDNS")
                            .put("enabled", true);
                },
                shoot -> ((ObjectNode) shoot.get("spec"))
                        .withObjectProperty("maintenance")
                        .withObjectProperty("autoUpdate")
                        .put("kubernetesVersion", false)
                        .put("machineImageVersion", true),
                shoot -> shoot.putObject("status").put("technicalID", "shoot--dev--crazy"),
                shoot -> ((ObjectNode) shoot.get("spec")).remove("networking"),
                shoot -> ((ObjectNode) shoot.get("spec")).put("unknownField", 1),
                shoot -> ((ObjectNode) shoot.get("spec")).put("region", 7),
                shoot -> ((ObjectNode) shoot.at("/spec/kubernetes")).put("version", 1),
                shoot -> ((ObjectNode) shoot.get("spec")).putNull("kubernetes"));
    }

    /**
     * The store's defaulting after mutating admission converts only the members the plugins and the defaulting changed
     * ({@link ModelForms#canonicalizeEdited}): the canonical tree, the record it encodes for storage, and what the
     * store's next steps (its metadata) make of them must be what converting the whole edited object gives, and an
     * edit that does not decode must fail as the whole decoding does.
     */
    @Test
    void defaultingAfterAdmissionGivesWhatConvertingTheWholeObjectGives() throws Exception {
        GenericStore shoots =
                embeddedStore.registry().store("core.gardener.cloud", "shoots").orElseThrow();
        GroupVersionKind gvk = shoots.type().gvk("v1beta1");
        Defaulter defaulter = Defaulters.of(gvk).orElseThrow();
        Class<?> model = ResourceModels.of(gvk).orElseThrow();
        int accepted = 0;
        int rejected = 0;
        for (String body : shoots()) {
            ResourceRequest req = request(shoots, "v1beta1", "garden-dev");
            for (Consumer<ObjectNode> edit : admissionEdits()) {
                ModelForms forms = new ModelForms();
                ObjectNode decoded;
                try {
                    decoded = TypedDecoding.apply(
                            req,
                            tree(body),
                            new RequestBodies.ParsedBody(tree(body), List.of(), List.of()),
                            FieldValidation.IGNORE,
                            forms);
                } catch (ApiException e) {
                    continue; // the request's own decoding refused it: no admission
                }
                ObjectNode admitted = decoded.deepCopy();
                try {
                    edit.accept(admitted);
                } catch (ClassCastException | NullPointerException e) {
                    continue; // the body has no such section (no spec, no worker) for the plugin to edit
                }
                defaulter.apply(admitted);
                ObjectNode whole;
                try {
                    whole = ModelCodec.canonical(admitted.deepCopy(), model);
                } catch (DecodeException e) {
                    whole = null;
                }
                ObjectNode edited = admitted.deepCopy();
                Object record;
                try {
                    record = forms.canonicalizeEdited(edited, model);
                } catch (DecodeException e) {
                    assertThat(whole).as("%s", admitted).isNull();
                    rejected++;
                    continue;
                }
                assertThat(whole).as("%s", admitted).isNotNull();
                accepted++;
                assertThat(edited).as("%s", admitted).hasToString(whole.toString());
                assertThat(Json.toBytes(ModelCodec.encode(record)))
                        .as("%s", admitted)
                        .isEqualTo(Json.toBytes(whole));
                // the store's metadata next, converted from what the memory now holds
                ObjectNode prepared = edited.deepCopy();
                ((ObjectNode) prepared.get("metadata")).put("uid", "0b5e8f1c").put("generation", 1);
                Object stored = forms.canonicalize(prepared, model);
                ObjectNode canonical = ModelCodec.canonical(prepared, model);
                assertThat(prepared).as("%s", admitted).hasToString(canonical.toString());
                assertThat(Json.toBytes(ModelCodec.encode(stored)))
                        .as("%s", admitted)
                        .isEqualTo(Json.toBytes(canonical));
            }
        }
        assertThat(accepted).isGreaterThan(shoots().size() * 8);
        assertThat(rejected).isGreaterThan(shoots().size());
    }

    /**
     * What the typed decoding gave when it converted the defaulted object whole: decode, encode, default, decode and
     * encode again (and so after the input conversion); null when the body does not decode.
     *
     * @param window the Shoot maintenance window the typed decoding drew at random, to default alike (or null)
     */
    private static ObjectNode convertedWhole(ResourceRequest req, ObjectNode obj, Class<?> model, JsonNode window) {
        GroupVersionKind gvk = req.type().gvk(req.version());
        ObjectNode result;
        try {
            result = ModelCodec.encode(ModelCodec.decode(obj, model).value());
        } catch (DecodeException e) {
            return null;
        }
        if (window instanceof ObjectNode w
                && result.get("spec") instanceof ObjectNode spec
                && spec.at("/maintenance/timeWindow").isMissingNode()) {
            spec.withObjectProperty("maintenance").set("timeWindow", w.deepCopy());
        }
        Optional<Defaulter> defaulter = Defaulters.of(gvk);
        if (defaulter.isPresent()) {
            ObjectNode meta = result.withObjectProperty("metadata");
            if (req.type().namespaced()
                    && meta.path("namespace").asText().isEmpty()
                    && !req.namespace().isEmpty()) {
                meta.put("namespace", req.namespace());
            }
            defaulter.get().apply(result);
            result = ModelCodec.canonical(result, model);
        }
        Optional<InputConversion> conversion = InputConversions.of(gvk);
        if (conversion.isPresent()) {
            conversion.get().apply(result);
            result = ModelCodec.canonical(result, model);
        }
        if (obj.path("metadata").path("managedFields").isArray()
                && obj.path("metadata").path("managedFields").isEmpty()
                && result.get("metadata") instanceof ObjectNode m) {
            m.putArray("managedFields");
        }
        return result;
    }

    /** The store of a sample's kind and version, when it has one. */
    private static Optional<GenericStore> store(Registry registry, ObjectNode sample) {
        String apiVersion = sample.path("apiVersion").asText();
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
        String kind = sample.path("kind").asText();
        for (GenericStore store : registry.all()) {
            if (store.type().group().equals(group)
                    && store.type().kind().equals(kind)
                    && store.type().versions().contains(version)) {
                return Optional.of(store);
            }
        }
        return Optional.empty();
    }

    private record Case(GenericStore store, String version, ObjectNode body) {}

    private static ObjectNode tree(String json) {
        return (ObjectNode) Json.readTree(json.getBytes(StandardCharsets.UTF_8));
    }

    private static ResourceRequest request(GenericStore store, String version, String namespace) {
        return ResourceRequests.create(store, version, namespace, ADMIN.user());
    }
}
