package cloud.gardener.apiserver.endpoints.handlers;

import static cloud.gardener.apiserver.registry.EmbeddedStoreExtension.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.endpoints.RequestBodies;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.ResourceRequests;
import cloud.gardener.apiserver.endpoints.TypedDecoding;
import cloud.gardener.apiserver.endpoints.options.FieldValidation;
import cloud.gardener.apiserver.registry.EmbeddedStoreExtension;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ModelForms;
import cloud.gardener.apiserver.registry.StoredFormSamples;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The create handler tells the write's memory where it wrote the decoded object ({@link CreateHandler#manage}), and the
 * store's admission then decodes those places alone: so the handler's steps must write nowhere else, and what the
 * memory answers for them must be what decoding the whole object gives. Checked over the examples and the conformance
 * samples (with and without managedFields, namespaces, server fields), as a create sends them.
 */
class CreateHandlerWritesTest {

    @RegisterExtension
    final EmbeddedStoreExtension embeddedStore = new EmbeddedStoreExtension();

    @Test
    void theHandlerWritesTheDecodedObjectOnlyWhereItSaysAndTheMemoryDecodesThoseAsTheWholeDecodingDoes()
            throws Exception {
        int checked = 0;
        for (ObjectNode sample : StoredFormSamples.all()) {
            Optional<GenericStore> store = store(sample);
            if (store.isEmpty()) {
                continue;
            }
            String version = sample.path("apiVersion").asText().replaceFirst(".*/", "");
            GroupVersionKind gvk = store.get().type().gvk(version);
            Optional<Class<?>> model = ResourceModels.of(gvk);
            if (model.isEmpty()) {
                continue;
            }
            ResourceRequest req = ResourceRequests.create(
                    store.get(), version, store.get().type().namespaced() ? "garden-dev" : "", ADMIN.user());
            ModelForms forms = new ModelForms();
            ObjectNode obj;
            try {
                obj = TypedDecoding.apply(
                        req,
                        sample.deepCopy(),
                        new RequestBodies.ParsedBody(sample, List.of(), List.of()),
                        FieldValidation.IGNORE,
                        forms);
                RequestBodies.checkNamespace(req, obj);
            } catch (ApiException e) {
                continue; // refused before the handler writes
            }
            ObjectNode decoded = obj.deepCopy();
            WriteContext ctx =
                    new WriteContext(ADMIN.user(), false, "kubectl", w -> {}, 0, AuditAnnotations.NONE, forms);
            CreateHandler.manage(req, obj, ctx);

            assertThat(withoutHandlersPlaces(obj)).as("%s", sample).isEqualTo(withoutHandlersPlaces(decoded));
            ModelCodec.WrittenPaths places = forms.copy().writtenSinceLatest(obj);
            assertThat(places).as("%s", sample).isNotNull();
            assertThat(forms.writtenSinceLatest(obj.deepCopy()))
                    .as("another tree")
                    .isNull();
            Object record = forms.copy().writtenSinceLatestRecord(obj, model.get(), places);
            assertThat(Json.toBytes(ModelCodec.encode(record)))
                    .as("%s", sample)
                    .isEqualTo(Json.toBytes(ModelCodec.encode(
                            ModelCodec.decode(obj, model.get()).value())));
            checked++;
        }
        assertThat(checked).isGreaterThan(20);
    }

    @Test
    void aNoteIsOfTheDecodedTreeAndTheFormKnownLast() throws Exception {
        GenericStore shoots =
                embeddedStore.registry().store("core.gardener.cloud", "shoots").orElseThrow();
        ObjectNode sample = StoredFormSamples.all().stream()
                .filter(s -> s.path("kind").asText().equals("Shoot"))
                .findFirst()
                .orElseThrow();
        ResourceRequest req = ResourceRequests.create(shoots, "v1beta1", "garden-dev", ADMIN.user());
        ModelForms forms = new ModelForms();
        ObjectNode obj = TypedDecoding.apply(
                req,
                sample.deepCopy(),
                new RequestBodies.ParsedBody(sample, List.of(), List.of()),
                FieldValidation.IGNORE,
                forms);
        ModelCodec.WrittenPaths labels = ModelCodec.WrittenPaths.of(List.of(List.of("metadata", "labels")));

        // not named yet: nothing is known of the writes
        assertThat(forms.writtenSinceLatest(obj)).isNull();
        forms.writtenAt(obj, labels);
        assertThat(forms.writtenSinceLatest(obj)).hasToString("{metadata={labels=*}}");
        // another form known since: the note no longer holds (in that memory)
        ModelForms later = forms.copy();
        ObjectNode elsewhere = obj.deepCopy();
        ((ObjectNode) elsewhere.get("spec")).put("region", "elsewhere");
        later.record(elsewhere, ResourceModels.of(shoots.type().gvk("v1beta1")).orElseThrow());
        assertThat(later.writtenSinceLatest(obj)).isNull();
        assertThat(forms.copy().writtenSinceLatest(obj)).isNotNull();
        // a name for another tree drops the note
        forms.writtenAt(obj.deepCopy(), labels);
        assertThat(forms.writtenSinceLatest(obj)).isNull();
    }

    private Optional<GenericStore> store(ObjectNode sample) {
        String apiVersion = sample.path("apiVersion").asText();
        String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
        String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
        String kind = sample.path("kind").asText();
        for (GenericStore store : embeddedStore.registry().all()) {
            if (store.type().group().equals(group)
                    && store.type().kind().equals(kind)
                    && store.type().versions().contains(version)) {
                return Optional.of(store);
            }
        }
        return Optional.empty();
    }

    private static ObjectNode withoutHandlersPlaces(ObjectNode obj) {
        ObjectNode copy = obj.deepCopy();
        if (copy.get("metadata") instanceof ObjectNode meta) {
            meta.remove(List.of("namespace", "managedFields"));
        }
        return copy;
    }
}
