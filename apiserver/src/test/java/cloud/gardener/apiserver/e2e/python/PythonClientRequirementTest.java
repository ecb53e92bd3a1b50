package cloud.gardener.apiserver.e2e.python;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** A machine without the Python client skips its tests, saying why; under CI it fails them. */
@Tag("integration")
class PythonClientRequirementTest {

    private static final Path NO_PYTHON = Path.of("/nonexistent/python3");

    @Test
    void underCiAMissingClientFailsTheTest() {
        assertThatThrownBy(() -> PythonClient.requireInstalled(NO_PYTHON, "true"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("install python3-kubernetes and python3-websocket");
    }

    @Test
    void elsewhereAMissingClientSkipsTheTest() {
        assertThatThrownBy(() -> PythonClient.requireInstalled(NO_PYTHON, null))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("/nonexistent/python3 cannot import");
        assertThatThrownBy(() -> PythonClient.requireInstalled(NO_PYTHON, "false"))
                .isInstanceOf(TestAbortedException.class);
    }

    @Test
    void anInstalledClientIsRequiredWithoutComplaint() {
        PythonClient.requireInstalled();
        assertThatCode(() -> PythonClient.requireInstalled(PythonClient.PYTHON, "true"))
                .doesNotThrowAnyException();
    }
}
