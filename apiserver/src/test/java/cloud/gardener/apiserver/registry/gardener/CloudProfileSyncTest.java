package cloud.gardener.apiserver.registry.gardener;

import static cloud.gardener.apiserver.registry.gardener.StrategyCase.obj;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.NamespacedCloudProfileSpec;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CloudProfileSyncTest {

    private static CloudProfileSpec cloud(String spec) {
        return ModelCodec.decode(obj(spec), CloudProfileSpec.class).value();
    }

    private static NamespacedCloudProfileSpec namespaced(String spec) {
        return ModelCodec.decode(obj(spec), NamespacedCloudProfileSpec.class).value();
    }

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private static final String PAST = "'2026-01-01T00:00:00Z'";
    private static final String FUTURE = "'2027-01-01T00:00:00Z'";

    @Test
    void aNewCloudProfileDropsInactiveKubernetesVersionsAndExpiredImageVersions() {
        ObjectNode spec = ModelCodec.encode(CloudProfileSync.dropInactiveVersions(
                cloud("{'kubernetes':{'versions':["
                        + "{'version':'1.31.0','expirationDate':" + PAST + "},"
                        + "{'version':'1.32.0','expirationDate':" + FUTURE + "},"
                        + "{'version':'1.33.0','lifecycle':[{'classification':'preview','startTime':" + FUTURE + "}]},"
                        + "{'version':'1.34.0','classification':'preview'}]},"
                        + "'machineImages':[{'name':'gl','versions':["
                        + "{'version':'1.0.0','expirationDate':" + PAST + "},"
                        + "{'version':'2.0.0','lifecycle':[{'classification':'preview','startTime':" + FUTURE
                        + "}]}]}]}"),
                NOW));
        assertThat(spec.path("kubernetes").path("versions").findValuesAsText("version"))
                .containsExactly("1.32.0", "1.34.0");
        assertThat(spec.path("machineImages").get(0).path("versions").findValuesAsText("version"))
                .as("unavailable image versions stay, only expired ones go")
                .containsExactly("2.0.0");
    }

    @Test
    void aNamespacedCloudProfileKeepsInactiveVersionsItAlreadyHad() {
        NamespacedCloudProfileSpec old = namespaced("{'kubernetes':{'versions':[{'version':'1.31.0'}]},"
                + "'machineImages':[{'name':'gl','versions':[{'version':'1.0.0'}]}]}");
        ObjectNode spec = ModelCodec.encode(CloudProfileSync.dropNewInactiveVersions(
                namespaced("{'kubernetes':{'versions':[{'version':'1.31.0','expirationDate':" + PAST + "},"
                        + "{'version':'1.30.0','expirationDate':" + PAST + "}]},"
                        + "'machineImages':[{'name':'gl','versions':[{'version':'1.0.0','expirationDate':" + PAST
                        + "}]},"
                        + "{'name':'gone','versions':[{'version':'1.0.0','expirationDate':" + PAST + "}]},"
                        + "{'name':'strategy','updateStrategy':'major','versions':[{'version':'1.0.0','expirationDate':"
                        + PAST + "}]}]}"),
                old,
                NOW));
        assertThat(spec.path("kubernetes").path("versions").findValuesAsText("version"))
                .containsExactly("1.31.0");
        assertThat(spec.path("machineImages").findValuesAsText("name")).containsExactly("gl", "strategy");
        assertThat(spec.path("machineImages").get(1).path("versions")).isEmpty();
    }

    @Test
    void introducingCapabilitiesWithSeveralArchitecturesSeedsThemFromTheLegacyFields() {
        ObjectNode spec = ModelCodec.encode(CloudProfileSync.syncArchitectureCapabilities(
                cloud("{'machineCapabilities':[{'name':'architecture','values':['amd64','arm64']}],"
                        + "'machineImages':[{'name':'gl','versions':[{'version':'1.0.0','architectures':['arm64']},"
                        + "{'version':'2.0.0'}]}],"
                        + "'machineTypes':[{'name':'m1','architecture':'arm64'},{'name':'m2'}]}"),
                null));
        assertThat(spec.path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(0)
                        .path("capabilityFlavors")
                        .toString())
                .isEqualTo("[{\"architecture\":[\"arm64\"]}]");
        assertThat(spec.path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(1)
                        .path("capabilityFlavors")
                        .toString())
                .isEqualTo("[{\"architecture\":[\"amd64\"]}]");
        assertThat(spec.path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(1)
                        .path("architectures")
                        .toString())
                .isEqualTo("[\"amd64\"]");
        assertThat(spec.path("machineTypes").get(0).path("capabilities").toString())
                .isEqualTo("{\"architecture\":[\"arm64\"]}");
        assertThat(spec.path("machineTypes").get(1).path("architecture").asText())
                .isEqualTo("amd64");
    }

    @Test
    void legacyFieldsFollowTheCapabilitiesAndDroppingCapabilitiesClearsTheFlavors() {
        CloudProfileSpec withCapabilities = cloud("{'machineCapabilities':[{'name':'architecture','values':['arm64']}],"
                + "'machineImages':[{'name':'gl','versions':[{'version':'1.0.0'}]}],"
                + "'machineTypes':[{'name':'m1'}]}");
        ObjectNode spec =
                ModelCodec.encode(CloudProfileSync.syncArchitectureCapabilities(withCapabilities, withCapabilities));
        assertThat(spec.path("machineImages")
                        .get(0)
                        .path("versions")
                        .get(0)
                        .path("architectures")
                        .toString())
                .isEqualTo("[\"arm64\"]");
        assertThat(spec.path("machineTypes").get(0).path("architecture").asText())
                .isEqualTo("arm64");

        ObjectNode legacy = ModelCodec.encode(CloudProfileSync.syncArchitectureCapabilities(
                cloud("{'machineImages':[{'name':'gl','versions':[{'version':'1.0.0',"
                        + "'capabilityFlavors':[{'architecture':['arm64']}]}]}],"
                        + "'machineTypes':[{'name':'m1','capabilities':{'architecture':['arm64']}}]}"),
                withCapabilities));
        assertThat(legacy.path("machineImages").get(0).path("versions").get(0).has("capabilityFlavors"))
                .isFalse();
        assertThat(legacy.path("machineTypes").get(0).has("capabilities")).isFalse();
    }

    @Test
    void aStoredSpecIsReplacedOnlyWhenTheRulesChangeIt() {
        ObjectNode profile = obj("{'spec':{'kubernetes':{'versions':[{'version':'1.32.0'}]}}}");
        JsonNode unchanged = profile.get("spec");
        CloudProfileSync.edit(
                profile, CloudProfileSpec.class, spec -> CloudProfileSync.dropInactiveVersions(spec, NOW));
        assertThat(profile.get("spec")).isSameAs(unchanged);

        ObjectNode expiring = obj("{'spec':{'kubernetes':{'versions':[{'version':'1.31.0','expirationDate':" + PAST
                + "},{'version':'1.32.0'}]}}}");
        CloudProfileSync.edit(
                expiring, CloudProfileSpec.class, spec -> CloudProfileSync.dropInactiveVersions(spec, NOW));
        assertThat(expiring.path("spec").path("kubernetes").path("versions").findValuesAsText("version"))
                .containsExactly("1.32.0");
    }
}
