package cloud.gardener.apiserver.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OpenApiV2Test {

    private static final ResourceRegistry REGISTRY = ResourceRegistry.standard(true);
    private static final OpenApiV2 OPENAPI = new OpenApiV2(REGISTRY);
    private static final JsonNode DOC = Json.readTree(OPENAPI.document().json());

    @Test
    void isASwaggerDocumentWithEveryKind() {
        assertThat(DOC.get("swagger").asText()).isEqualTo("2.0");
        assertThat(DOC.get("info").get("title").asText()).isEqualTo("Gardener");
        Set<GroupVersionKind> kinds = new HashSet<>();
        DOC.get("definitions").forEach(schema -> {
            JsonNode gvks = schema.get("x-kubernetes-group-version-kind");
            if (gvks != null) {
                assertThat(gvks.isArray()).isTrue();
                gvks.forEach(g -> kinds.add(new GroupVersionKind(
                        g.get("group").asText(),
                        g.get("version").asText(),
                        g.get("kind").asText())));
            }
        });
        for (GroupVersion gv : REGISTRY.groupVersions()) {
            for (ResourceType rt : REGISTRY.resources(gv.group(), gv.version())) {
                assertThat(kinds).contains(rt.gvk(gv.version()));
                if (rt.supportsVerb("list")) {
                    assertThat(kinds).contains(new GroupVersionKind(gv.group(), gv.version(), rt.listKind()));
                }
            }
        }
        assertThat(kinds)
                .contains(
                        new GroupVersionKind("", "v1", "Status"),
                        new GroupVersionKind("", "v1", "DeleteOptions"),
                        new GroupVersionKind("core.gardener.cloud", "v1beta1", "DeleteOptions"),
                        new GroupVersionKind("security.gardener.cloud", "v1alpha1", "WatchEvent"));
    }

    @Test
    void patchOperationsConsumeTheAdvertisedTypesAndTakeFieldValidation() {
        int patches = 0;
        Set<GroupVersionKind> patched = new HashSet<>();
        for (JsonNode item : DOC.get("paths")) {
            JsonNode patch = item.get("patch");
            if (patch == null) {
                continue;
            }
            patches++;
            List<String> consumes = new ArrayList<>();
            patch.get("consumes").forEach(c -> consumes.add(c.asText()));
            assertThat(consumes).containsExactlyElementsOf(PatchTypes.ADVERTISED);
            List<String> query = new ArrayList<>();
            patch.get("parameters").forEach(p -> {
                if (p.get("in").asText().equals("query")) {
                    assertThat(p.get("type")).isNotNull();
                    query.add(p.get("name").asText());
                } else {
                    assertThat(p.get("in").asText()).isEqualTo("body");
                    assertThat(p.get("schema").get("$ref").asText())
                            .isEqualTo("#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch");
                }
            });
            assertThat(query).contains("dryRun", "fieldManager", "fieldValidation", "force");
            JsonNode gvk = patch.get("x-kubernetes-group-version-kind");
            patched.add(new GroupVersionKind(
                    gvk.get("group").asText(),
                    gvk.get("version").asText(),
                    gvk.get("kind").asText()));
        }
        assertThat(patches).isGreaterThan(40);
        for (ResourceType rt : REGISTRY.resources()) {
            if (rt.supportsVerb("patch")) {
                rt.versions().forEach(v -> assertThat(patched).contains(rt.gvk(v)));
            } else {
                // the reviews are create-only
                rt.versions().forEach(v -> assertThat(patched).doesNotContain(rt.gvk(v)));
            }
        }
    }

    @Test
    void everyReferenceResolvesAndHashIsStable() {
        List<String> refs = new ArrayList<>();
        OpenApiV3Test.collectRefs(DOC, refs);
        for (String ref : refs) {
            assertThat(ref).startsWith("#/definitions/");
            assertThat(DOC.get("definitions").has(ref.substring("#/definitions/".length())))
                    .as(ref)
                    .isTrue();
        }
        assertThat(OPENAPI.document().hash())
                .isEqualTo(ContentHash.sha512Hex(OPENAPI.document().json()));
        assertThat(new OpenApiV2(ResourceRegistry.standard(true)).document()).isEqualTo(OPENAPI.document());
        assertThat(new OpenApiV2(ResourceRegistry.standard(false)).document().hash())
                .isNotEqualTo(OPENAPI.document().hash());
        assertThat(DOC.get("paths").has("/apis/core.gardener.cloud/v1/controllerdeployments/{name}"))
                .isTrue();
        assertThat(DOC.get("paths").has("/api/v1/namespaces/{name}/finalize")).isTrue();
    }
}
