package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The serving, logging and cache flags gardener-operator renders, parsed as kube-apiserver parses them and bad
 * values refused with k8s.io/apiserver's and component-base's messages.
 */
@Tag("integration")
class ServingFlagsTest {

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void operatorsValuesParse() {
        ServerOptions o = parse(
                "--http2-max-streams-per-connection=1000",
                "--livez-grace-period=1m",
                "--profiling=false",
                "--goaway-chance=0.020000",
                "--v=2",
                "--vmodule=httplog=3",
                "--tls-cipher-suites=TLS_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305",
                "--watch-cache-sizes=shoots.core.gardener.cloud#500,secrets#1000");
        assertThat(o.http2MaxStreamsPerConnection).isEqualTo(1000);
        assertThat(o.livezGracePeriod).isEqualTo(Duration.ofMinutes(1));
        assertThat(o.profiling).isFalse();
        assertThat(o.goawayChance).isEqualTo(0.02);
        assertThat(o.verbosity).isEqualTo(2);
        assertThat(LoggingOptions.problems(o)).isEmpty();
        assertThat(LoggingOptions.vmodule(o.vmodule)).containsExactly(Map.entry("httplog", 3));
        assertThat(WatchCacheSizes.parse(o.watchCacheSizes).sizes())
                .containsExactly(Map.entry("shoots.core.gardener.cloud", 500), Map.entry("secrets", 1000));
        assertThat(parse("--profiling").profiling).isTrue();
        // a bare boolean flag means true, as pflag reads it (never a toggle of the default)
        assertThat(parse("--anonymous-auth").anonymousAuth).isTrue();
        assertThat(parse("--anonymous-auth=false").anonymousAuth).isFalse();
        assertThat(parse("--authentication-tolerate-lookup-failure").authenticationTolerateLookupFailure)
                .isTrue();
        assertThat(parse("-v", "4").verbosity).isEqualTo(4);
    }

    @Test
    void cipherSuitesAreGosNamesMappedToTheJvmsAndTls13sAreAlwaysOffered() {
        SecureServing serving = SecureServing.fromFlags(
                List.of("TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"), null, 1000);
        assertThat(serving.cipherSuites())
                .containsExactly(
                        "TLS_AES_128_GCM_SHA256",
                        "TLS_AES_256_GCM_SHA384",
                        "TLS_CHACHA20_POLY1305_SHA256",
                        "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
                        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384");
        assertThat(serving.protocols()).containsExactlyInAnyOrder("TLSv1.2", "TLSv1.3");
        assertThat(serving.http2MaxStreams()).isEqualTo(1000);
        assertThat(SecureServing.fromFlags(List.of(), "VersionTLS13", 0).protocols())
                .containsExactly("TLSv1.3");
        assertThat(SecureServing.fromFlags(List.of(), "", 0)).isEqualTo(SecureServing.DEFAULT);
    }

    @Test
    void badValuesAreRefusedWithUpstreamsMessages() {
        assertThatThrownBy(() -> SecureServing.fromFlags(
                        List.of("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", "TLS_FANCY_SUITE"), null, 0))
                .hasMessage("Cipher suite TLS_FANCY_SUITE not supported or doesn't exist");
        assertThatThrownBy(() -> SecureServing.fromFlags(List.of(), "VersionTLS14", 0))
                .hasMessage("unknown tls version \"VersionTLS14\"");
        assertThatThrownBy(() -> RequestLimits.DEFAULT.withGoawayChance(0.03))
                .hasMessage("--goaway-chance can not be less than 0 or greater than 0.02");
        assertThatThrownBy(() -> RequestLimits.DEFAULT.withGoawayChance(-0.01))
                .hasMessage("--goaway-chance can not be less than 0 or greater than 0.02");
        assertThatThrownBy(() -> WatchCacheSizes.parse(List.of("shoots.core.gardener.cloud")))
                .hasMessage("invalid value of watch cache size: shoots.core.gardener.cloud");
        assertThatThrownBy(() -> WatchCacheSizes.parse(List.of("shoots#many")))
                .hasMessage("invalid size of watch cache size: shoots#many");
        assertThatThrownBy(() -> WatchCacheSizes.parse(List.of("shoots#-1")))
                .hasMessage("watch cache size cannot be negative: shoots#-1");
        assertThat(LoggingOptions.problems(parse("--vmodule=httplog")))
                .containsExactly("invalid --vmodule: syntax error: expect comma-separated list of filename=N");
    }

    @Test
    void mainStopsAtOnceOnABadValue() {
        assertThat(mainError("--tls-cipher-suites=TLS_RSA_WITH_RC4_128_SHA"))
                .contains("Cipher suite TLS_RSA_WITH_RC4_128_SHA not supported or doesn't exist");
        assertThat(mainError("--goaway-chance=0.5"))
                .contains("--goaway-chance can not be less than 0 or greater than 0.02");
        assertThat(mainError("--livez-grace-period=-1s")).contains("--livez-grace-period can not be a negative value");
        assertThat(mainError("--watch-cache-sizes=shoots#x")).contains("invalid size of watch cache size: shoots#x");
    }

    /** What Main writes to stderr for these flags; it must fail with exit code 1 before touching any data. */
    private static String mainError(String... args) {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int code;
        try {
            String[] all = new String[args.length + 2];
            System.arraycopy(args, 0, all, 0, args.length);
            all[args.length] = "--data-dir=" + System.getProperty("java.io.tmpdir") + "/serving-flags-test-unused";
            all[args.length + 1] = "--storage-backend=embedded";
            code = Main.execute(all);
        } finally {
            System.setErr(original);
        }
        assertThat(code).isEqualTo(1);
        return err.toString(StandardCharsets.UTF_8);
    }
}
