package cloud.gardener.apiserver.registry;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.validation.Validators;
import cloud.gardener.apiserver.admission.validation.core.ShootWarnings;
import cloud.gardener.apiserver.api.defaults.Defaulters;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.GroupVersion;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.discovery.AggregatedDiscoveryVersion;
import cloud.gardener.apiserver.discovery.DiscoveryDocuments;
import cloud.gardener.apiserver.endpoints.openapi.OpenApiV2Protobuf;
import cloud.gardener.apiserver.endpoints.tables.TableColumn;
import cloud.gardener.apiserver.endpoints.tables.TableConvertors;
import cloud.gardener.apiserver.openapi.OpenApiV2;
import cloud.gardener.apiserver.openapi.OpenApiV3;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Pins what the server derives from its catalogue of kinds, byte for byte: every discovery document, the OpenAPI v2
 * (JSON and protobuf) and v3 documents, each resource's table columns, strategy and version conversion, and each
 * kind's model, defaulter and validator. The digests were taken from the documents the server built before the
 * kinds were gathered into one definition each; a refactoring of the catalogue must leave them all unchanged. The
 * current documents are written to {@code target/served-catalogue/} so a mismatch can be diffed.
 */
class ServedCatalogueSnapshotTest {

    private static final String SNAPSHOT = "served-catalogue.sha256";
    private static final String ADDRESS = "10.0.0.1:443";

    @Test
    void servedDocumentsAndRulesAreUnchanged() throws IOException {
        Map<String, byte[]> current = new LinkedHashMap<>();
        for (boolean coreV1 : List.of(true, false)) {
            String prefix = coreV1 ? "standalone/" : "cluster/";
            ResourceRegistry registry = ResourceRegistry.standard(coreV1);
            documents(prefix, registry, current);
        }
        rules(ResourceRegistry.standard(true), current);
        Path dump = Path.of("target", "served-catalogue");
        StringBuilder digests = new StringBuilder();
        for (Map.Entry<String, byte[]> e : current.entrySet()) {
            Path file = dump.resolve(e.getKey().replace('/', '_'));
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue());
            digests.append(sha256(e.getValue())).append("  ").append(e.getKey()).append('\n');
        }
        Files.writeString(dump.resolve(SNAPSHOT), digests.toString());
        assertThat(digests.toString()).isEqualTo(expected());
    }

    private static void documents(String prefix, ResourceRegistry registry, Map<String, byte[]> out) {
        DiscoveryDocuments discovery = new DiscoveryDocuments(registry);
        out.put(prefix + "discovery/api", json(DiscoveryDocuments.apiVersions(ADDRESS)));
        out.put(prefix + "discovery/apis", json(discovery.apiGroupList(ADDRESS)));
        for (var group : registry.namedGroups()) {
            out.put(
                    prefix + "discovery/apis/" + group.name(),
                    json(discovery.apiGroup(group.name(), ADDRESS).orElseThrow()));
        }
        for (GroupVersion gv : registry.groupVersions()) {
            out.put(
                    prefix + "discovery" + gv.pathPrefix(),
                    json(discovery.apiResourceList(gv.group(), gv.version()).orElseThrow()));
        }
        for (AggregatedDiscoveryVersion version : AggregatedDiscoveryVersion.values()) {
            out.put(prefix + "discovery/aggregated/apis-" + version.version(), discovery.aggregatedApisJson(version));
            discovery
                    .aggregatedApiJson(version)
                    .ifPresent(b -> out.put(prefix + "discovery/aggregated/api-" + version.version(), b));
        }
        out.put(
                prefix + "discovery/aggregated/etags",
                utf8(discovery.aggregatedApisEtag() + " "
                        + discovery.aggregatedApiEtag().orElse("-")));
        OpenApiV2 v2 = new OpenApiV2(registry);
        out.put(prefix + "openapi/v2.json", v2.document().json());
        out.put(
                prefix + "openapi/v2.pb",
                OpenApiV2Protobuf.encode(Json.readTree(v2.document().json())));
        OpenApiV3 v3 = new OpenApiV3(registry);
        out.put(prefix + "openapi/v3", v3.root().json());
        v3.documents().forEach((gv, doc) -> out.put(prefix + "openapi/v3" + gv.pathPrefix(), doc.json()));
    }

    /** The per-resource and per-kind rules, one line each. */
    private static void rules(ResourceRegistry registry, Map<String, byte[]> out) {
        Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
        StringBuilder resources = new StringBuilder();
        StringBuilder kinds = new StringBuilder();
        for (ResourceType type : registry.resources()) {
            var table = TableConvertors.forResource(type.groupResource(), clock);
            resources
                    .append(type.groupResource())
                    .append(" strategy=")
                    .append(Registry.strategyFor(type, ShootWarnings.DEFAULT_ROTATION_INTERVAL)
                            .getClass()
                            .getName())
                    .append(" unconditional=")
                    .append(Registry.strategyFor(type, ShootWarnings.DEFAULT_ROTATION_INTERVAL)
                            .allowUnconditionalUpdate())
                    .append(" conversion=")
                    .append(Registry.conversionFor(type).getClass().getName())
                    .append(" table=")
                    .append(table.getClass().getName())
                    .append(" columns=")
                    .append(table.columns().stream().map(TableColumn::toString).collect(Collectors.joining(",")))
                    .append('\n');
            for (String version : type.versions()) {
                GroupVersionKind gvk = type.gvk(version);
                kinds.append(gvk)
                        .append(" model=")
                        .append(ResourceModels.of(gvk).map(Class::getName).orElse("-"))
                        .append(" defaulter=")
                        .append(Defaulters.of(gvk)
                                .map(d -> d.getClass().getName())
                                .orElse("-"))
                        .append(" validator=")
                        .append(Validators.has(gvk))
                        .append('\n');
            }
        }
        for (GroupVersionKind gvk : List.of(
                StandardResources.TOKEN_REQUEST,
                StandardResources.ADMIN_KUBECONFIG_REQUEST,
                StandardResources.VIEWER_KUBECONFIG_REQUEST,
                StandardResources.SCALE)) {
            kinds.append(gvk)
                    .append(" model=")
                    .append(ResourceModels.of(gvk).map(Class::getName).orElse("-"))
                    .append(" defaulter=")
                    .append(Defaulters.of(gvk).map(d -> d.getClass().getName()).orElse("-"))
                    .append('\n');
        }
        out.put("rules/resources", utf8(resources.toString()));
        out.put("rules/kinds", utf8(kinds.toString()));
    }

    private static byte[] json(Object tree) {
        return Json.toBytes(tree);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String expected() throws IOException {
        try (InputStream in = ServedCatalogueSnapshotTest.class.getResourceAsStream(SNAPSHOT)) {
            return in == null ? "(no snapshot)" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
