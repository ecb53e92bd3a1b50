package cloud.gardener.apiserver.admission.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdmissionConfigurationFileTest {

    @TempDir
    Path dir;

    @Test
    void readsInlineConfigurationsAndFilesRelativeToTheConfiguration() throws IOException {
        Files.writeString(dir.resolve("reservation.yaml"), """
                apiVersion: shootresourcereservation.admission.gardener.cloud/v1alpha1
                kind: Configuration
                useGKEFormula: true
                """);
        Path file = dir.resolve("admission.yaml");
        Files.writeString(file, """
                apiVersion: apiserver.config.k8s.io/v1
                kind: AdmissionConfiguration
                plugins:
                - name: ShootTolerationRestriction
                  configuration:
                    apiVersion: shoottolerationrestriction.admission.gardener.cloud/v1alpha1
                    kind: Configuration
                    defaults:
                    - key: a
                - name: ShootResourceReservation
                  path: reservation.yaml
                - name: Unconfigured
                """);
        Map<String, JsonNode> configs = AdmissionConfigurationFile.read(file);
        assertThat(configs).containsOnlyKeys("ShootTolerationRestriction", "ShootResourceReservation");
        assertThat(configs.get("ShootTolerationRestriction")
                        .path("defaults")
                        .get(0)
                        .path("key")
                        .asText())
                .isEqualTo("a");
        assertThat(configs.get("ShootResourceReservation").path("useGKEFormula").asBoolean())
                .isTrue();
    }

    @Test
    void rejectsAnotherKindOrBrokenYaml() throws IOException {
        Path wrong = dir.resolve("wrong.yaml");
        Files.writeString(wrong, "apiVersion: v1\nkind: ConfigMap\n");
        assertThatThrownBy(() -> AdmissionConfigurationFile.read(wrong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("found v1, ConfigMap");
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "plugins: [\n");
        assertThatThrownBy(() -> AdmissionConfigurationFile.read(broken)).isInstanceOf(IllegalArgumentException.class);
    }
}
