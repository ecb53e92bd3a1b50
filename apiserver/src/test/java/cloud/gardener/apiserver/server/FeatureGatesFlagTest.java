package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.FeatureGates;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --feature-gates}: comma-separated and repeatable {@code Name=bool} pairs; an unknown gate stops the server. */
@Tag("integration")
class FeatureGatesFlagTest {

    @TempDir
    Path dir;

    @Test
    void pairsComeCommaSeparatedOrRepeated() {
        ServerOptions o = new ServerOptions();
        new CommandLine(o)
                .parseArgs(
                        "--feature-gates=LiveControlPlaneMigration=true,InPlaceNodeUpdates=false",
                        "--feature-gates",
                        "CloudProfileCapabilities=false");
        FeatureGates gates = FeatureGates.parse(o.featureGates);
        assertThat(gates.enabled(FeatureGates.LIVE_CONTROL_PLANE_MIGRATION)).isTrue();
        assertThat(gates.enabled("InPlaceNodeUpdates")).isFalse();
        assertThat(gates.enabled("CloudProfileCapabilities")).isFalse();
    }

    @Test
    void anUnknownGateStopsTheServerBeforeItStarts() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute("--data-dir", dir.toString(), "--feature-gates=NoSuchGate=true");
        } finally {
            System.setErr(err);
        }
        assertThat(code).isEqualTo(1);
        assertThat(captured.toString(StandardCharsets.UTF_8)).contains("Error: unrecognized feature gate: NoSuchGate");
    }
}
