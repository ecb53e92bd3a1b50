package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code --audit-*} flags at start: invalid values and policies stop the server before it touches data. */
@Tag("integration")
class AuditFlagsTest {

    @TempDir
    Path dir;

    private int execute(ByteArrayOutputStream captured, String... args) {
        PrintStream err = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            return Main.execute(args);
        } finally {
            System.setErr(err);
        }
    }

    @Test
    void invalidFlagValuesStopTheServerWithUpstreamsMessages() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code = execute(captured, "--audit-log-path=" + dir.resolve("audit.log"), "--audit-log-format=xml");
        assertThat(code).isEqualTo(1);
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains("invalid audit log format xml, allowed formats are \"legacy,json\"");
    }

    @Test
    void anInvalidPolicyStopsTheServerBeforeTheStoreIsOpened() throws Exception {
        Path policy = dir.resolve("policy.yaml");
        Files.writeString(policy, "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Everything\n");
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Path data = dir.resolve("data");
        int code = execute(
                captured,
                "--data-dir",
                data.toString(),
                "--storage-backend",
                "embedded",
                "--bind-address",
                "127.0.0.1",
                "--secure-port",
                "0",
                "--audit-policy-file",
                policy.toString(),
                "--audit-log-path",
                dir.resolve("audit.log").toString());
        assertThat(code).isEqualTo(1);
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains("failed to load audit policy from " + policy)
                .contains("rules[0].level: Unsupported value: \"Everything\"");
        assertThat(dir.resolve("audit.log")).doesNotExist();
        assertThat(data.resolve(Main.EMBEDDED)).as("no store was created").doesNotExist();
    }
}
