package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --log-level}, {@code --log-format} and {@code --version}, as gardener-apiserver accepts them. */
class LoggingFlagsTest {

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void gardenersLevelsAndFormatsAreAcceptedAndOthersRefusedWithItsMessages() {
        assertThat(LoggingOptions.problems(parse())).isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=debug", "--log-format=json"))).isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=error", "--log-format=text"))).isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=warn", "--log-format=yaml")))
                .containsExactly("invalid --log-level: warn", "invalid --log-format: yaml");
    }

    @Test
    void anInvalidLevelStopsTheServerBeforeItStarts() {
        assertThat(Main.execute("--log-level=trace")).isEqualTo(1);
    }

    @Test
    void versionPrintsTheGitVersion() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = Main.execute("--version");
        } finally {
            System.setOut(original);
        }
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(ServerVersion.GIT_VERSION);
    }
}
