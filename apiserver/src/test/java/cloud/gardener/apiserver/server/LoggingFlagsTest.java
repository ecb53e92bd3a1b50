package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** {@code --log-level}, {@code --log-format} and {@code --version}, as gardener-apiserver accepts them. */
@Tag("integration")
class LoggingFlagsTest {

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void gardenersLevelsAndFormatsAreAcceptedAndOthersRefusedWithItsMessages() {
        assertThat(LoggingOptions.problems(parse())).isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=debug", "--log-format=json")))
                .isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=error", "--log-format=text")))
                .isEmpty();
        assertThat(LoggingOptions.problems(parse("--log-level=warn", "--log-format=yaml")))
                .containsExactly("invalid --log-level: warn", "invalid --log-format: yaml");
    }

    @Test
    void jsonLinesCarryZapsKeysAndTheLevelFilters() throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            LoggingOptions.apply(parse("--log-format=json", "--log-level=error"));
            org.slf4j.Logger log = LoggerFactory.getLogger("bootstrap.test");
            log.info("hidden at error level");
            log.error("hook failed", new IllegalStateException("virtual garden unreachable"));
        } finally {
            LoggingOptions.apply(parse("--log-format=text", "--log-level=info"));
            System.setErr(original);
        }
        String[] lines = err.toString(StandardCharsets.UTF_8).split("\\R");
        assertThat(lines).hasSize(1);
        JsonNode line = Json.MAPPER.readTree(lines[0]);
        assertThat(line.path("level").asText()).isEqualTo("error");
        assertThat(line.path("logger").asText()).isEqualTo("bootstrap.test");
        assertThat(line.path("msg").asText()).isEqualTo("hook failed");
        assertThat(line.path("error").asText()).isEqualTo("virtual garden unreachable");
        assertThat(line.path("stacktrace").asText()).contains("IllegalStateException");
        assertThat(line.path("ts").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
    }

    @Test
    void textIsOneLinePerEventWithLevelAndLogger() {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            LoggingOptions.apply(parse("--log-format=text", "--log-level=debug"));
            LoggerFactory.getLogger("bootstrap.test").debug("shown at debug level");
        } finally {
            LoggingOptions.apply(parse("--log-format=text", "--log-level=info"));
            System.setErr(original);
        }
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("DEBUG [")
                .contains("bootstrap.test - shown at debug level");
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
