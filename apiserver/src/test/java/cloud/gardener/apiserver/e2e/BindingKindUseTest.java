package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tests of Shoot admission, the Gardener examples, the SeedAuthorizer and the credentials subresources create
 * their Shoots through a {@link BindingKind} they are given, never one they pick: a scenario that names a constant
 * or a binding field of its own would run with one kind only, as every SecretBinding-bound Shoot once went untested.
 */
class BindingKindUseTest {

    private static final Path E2E = Path.of("src/test/java/cloud/gardener/apiserver/e2e");
    private static final List<String> BOUND_SCENARIOS = List.of("admission", "conformance", "seedauth", "credentials");
    private static final Pattern ONE_KIND =
            Pattern.compile("BindingKind\\.[A-Z][A-Z_]*\\b|\"(secretBindingName|credentialsBindingName)\"");

    @Test
    void boundShootScenariosTakeTheirBindingKindAsAParameter() {
        List<Path> sources = BOUND_SCENARIOS.stream()
                .flatMap(dir -> javaFiles(E2E.resolve(dir)))
                .toList();
        assertThat(sources).as("sources under %s", E2E.toAbsolutePath()).isNotEmpty();
        for (Path source : sources) {
            assertThat(ONE_KIND.matcher(read(source))
                            .results()
                            .map(m -> m.group())
                            .toList())
                    .as("%s names a binding kind or field itself", source)
                    .isEmpty();
        }
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
