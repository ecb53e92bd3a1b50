package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.server.ServerOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code --audit-*} flags on the server's command line: upstream's names, defaults and checks. */
class AuditOptionsTest {

    private static AuditOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options.audit;
    }

    @Test
    void theOperatorsFlagsAreAcceptedWithUpstreamsDefaults() {
        AuditOptions audit = parse(
                "--audit-policy-file=/etc/audit/policy.yaml",
                "--audit-webhook-config-file=/etc/audit/webhook/kubeconfig.yaml",
                "--audit-webhook-batch-max-size=30",
                "--audit-webhook-version=audit.k8s.io/v1");
        assertThat(audit.problems()).isEmpty();
        assertThat(audit.webhookBatchMaxSize).isEqualTo(30);
        assertThat(audit.webhookMode).isEqualTo("batch");
        assertThat(audit.webhookBatchBufferSize).isEqualTo(10000);
        assertThat(audit.webhookBatchMaxWait).isEqualTo(Duration.ofSeconds(30));
        assertThat(audit.webhookBatchThrottleEnable).isTrue();
        assertThat(audit.webhookBatchThrottleQps).isEqualTo(10f);
        assertThat(audit.webhookBatchThrottleBurst).isEqualTo(15);
        assertThat(audit.webhookInitialBackoff).isEqualTo(Duration.ofSeconds(10));
        assertThat(audit.logFormat).isEqualTo("json");
        assertThat(audit.logMode).isEqualTo("blocking");
    }

    @Test
    void invalidValuesAreRefusedTogether() {
        assertThat(parse(
                                "--audit-log-path=/var/log/audit.log",
                                "--audit-log-format=xml",
                                "--audit-log-maxage=-1",
                                "--audit-log-mode=async",
                                "--audit-webhook-config-file=/k",
                                "--audit-webhook-version=audit.k8s.io/v1beta1",
                                "--audit-webhook-batch-max-size=0")
                        .problems())
                .containsExactly(
                        "invalid audit log mode async, allowed modes are \"batch,blocking,blocking-strict\"",
                        "invalid audit log format xml, allowed formats are \"legacy,json\"",
                        "--audit-log-maxage -1 can't be a negative number",
                        "invalid audit batch webhook max batch size 0, must be a positive number",
                        "invalid audit webhook version audit.k8s.io/v1beta1, allowed versions are \"audit.k8s.io/v1\"");
    }

    @Test
    void withoutAPolicyNothingIsAudited() throws Exception {
        assertThat(parse("--audit-log-path=-").build(null).enabled()).isFalse();
    }
}
