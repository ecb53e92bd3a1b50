package cloud.gardener.apiserver.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module rules of DESIGN.md that the poms cannot express: the poms already keep dependencies
 * pointing one way; these keep each module to its job within what it may see.
 */
class ArchitectureTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);

    @Test
    void everyModuleIsScanned() {
        for (String module : List.of("openapi", "storage", "certs", "authz", "admission", "apiserver")) {
            assertThat(imports(module)).as(module).isNotEmpty();
        }
    }

    @Test
    void openapiAndCertsDoNoIoAndKnowNoServer() {
        assertThat(imports("openapi")).noneMatch(i -> i.startsWith("io.vertx") || i.startsWith("java.net.http")
                || i.startsWith("java.nio.file"));
        assertThat(imports("certs")).noneMatch(i -> i.startsWith("io.vertx") || i.startsWith("java.net.http"));
    }

    @Test
    void storageKnowsNoGardenerKindAndNoHttp() {
        assertThat(imports("storage")).noneMatch(i -> i.startsWith("cloud.gardener.apiserver.api.resource")
                || i.startsWith("io.vertx.core.http") || i.startsWith("io.vertx.ext.web"));
        assertThat(sources("storage")).noneMatch(s -> s.contains("gardener.cloud\""));
    }

    @Test
    void authzKnowsNoRoutingAndNoGardenerKind() {
        // An HTTP client is allowed (delegation to kube-apiserver); serving and routing are the apiserver's.
        assertThat(imports("authz")).noneMatch(i -> i.startsWith("io.vertx.core.http.HttpServer")
                || i.startsWith("io.vertx.ext") || i.startsWith("cloud.gardener.apiserver.api.resource"));
    }

    @Test
    void admissionNeverWritesToStorage() {
        // An HTTP client is allowed (the admission webhooks call out); storage, serving and routing are not.
        assertThat(imports("admission")).noneMatch(i -> i.startsWith("cloud.gardener.apiserver.storage")
                || i.startsWith("io.vertx.core.http.HttpServer") || i.startsWith("io.vertx.ext"));
    }

    @Test
    void jetcdStaysInsideStorage() {
        for (String module : List.of("openapi", "certs", "authz", "admission", "apiserver")) {
            assertThat(imports(module)).as(module).noneMatch(i -> i.startsWith("io.etcd"));
        }
    }

    private static List<String> imports(String module) {
        return sources(module).flatMap(src -> {
            Matcher m = IMPORT.matcher(src);
            Stream.Builder<String> out = Stream.builder();
            while (m.find()) {
                out.add(m.group(1));
            }
            return out.build();
        }).toList();
    }

    private static Stream<String> sources(String module) {
        Path main = ROOT.resolve(module).resolve("src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            return files.filter(p -> p.toString().endsWith(".java")).map(ArchitectureTest::read).toList().stream();
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
