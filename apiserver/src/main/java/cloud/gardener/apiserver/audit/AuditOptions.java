package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.server.GoDurationConverter;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** kube-apiserver's audit flags (k8s.io/apiserver's AuditOptions), with its defaults and checks. */
public final class AuditOptions {

    static final List<String> FORMATS = List.of("legacy", "json");
    static final List<String> MODES = List.of("batch", "blocking", "blocking-strict");

    @Option(
            names = "--audit-policy-file",
            description =
                    "Path to the file that defines the audit policy configuration (audit.k8s.io/v1 Policy). Without it nothing is audited.")
    public Path policyFile;

    @Option(
            names = "--audit-log-path",
            description =
                    "If set, all requests coming to the apiserver will be logged to this file. '-' means standard out.")
    public String logPath;

    @Option(
            names = "--audit-log-maxage",
            defaultValue = "0",
            description =
                    "The maximum number of days to retain old audit log files based on the timestamp encoded in their filename (0: no limit).")
    public int logMaxAge;

    @Option(
            names = "--audit-log-maxbackup",
            defaultValue = "0",
            description = "The maximum number of old audit log files to retain (0: no limit).")
    public int logMaxBackup;

    @Option(
            names = "--audit-log-maxsize",
            defaultValue = "0",
            description =
                    "The maximum size in megabytes of the audit log file before it gets rotated (0: never rotated).")
    public int logMaxSize;

    @Option(
            names = "--audit-log-format",
            defaultValue = "json",
            description =
                    "Format of saved audits: \"legacy\" (one line of text per event) or \"json\" (default: ${DEFAULT-VALUE}).")
    public String logFormat;

    @Option(
            names = "--audit-log-compress",
            arity = "0..1",
            defaultValue = "false",
            description = "Compress rotated log files with gzip.")
    public boolean logCompress;

    @Option(
            names = "--audit-log-mode",
            defaultValue = "blocking",
            description =
                    "Strategy for sending audit events: batch, blocking or blocking-strict (default: ${DEFAULT-VALUE}). Events are always written by a dedicated thread.")
    public String logMode;

    @Option(
            names = "--audit-log-batch-buffer-size",
            defaultValue = "10000",
            description =
                    "The size of the buffer to store events before writing them (default: ${DEFAULT-VALUE}); a full buffer drops events.")
    public int logBatchBufferSize;

    @Option(
            names = "--audit-log-batch-max-size",
            defaultValue = "1",
            description = "Accepted for compatibility: the file is written event by event.")
    public int logBatchMaxSize;

    @Option(
            names = "--audit-log-batch-max-wait",
            defaultValue = "0s",
            converter = GoDurationConverter.class,
            description = "Accepted for compatibility: the file is written event by event.")
    public Duration logBatchMaxWait;

    @Option(
            names = "--audit-log-batch-throttle-enable",
            arity = "0..1",
            defaultValue = "false",
            description = "Accepted for compatibility: writing the file is not throttled.")
    public boolean logBatchThrottleEnable;

    @Option(names = "--audit-log-batch-throttle-qps", defaultValue = "0", description = "Accepted for compatibility.")
    public float logBatchThrottleQps;

    @Option(names = "--audit-log-batch-throttle-burst", defaultValue = "0", description = "Accepted for compatibility.")
    public int logBatchThrottleBurst;

    @Option(
            names = "--audit-log-truncate-enabled",
            arity = "0..1",
            defaultValue = "false",
            description =
                    "Whether event and batch truncating is enabled: events larger than the max event size lose their request and response objects (annotated audit.k8s.io/truncated), or are dropped.")
    public boolean logTruncateEnabled;

    @Option(
            names = "--audit-log-truncate-max-batch-size",
            defaultValue = "10485760",
            description = "Maximum size of the batch sent to the underlying backend (default: ${DEFAULT-VALUE}).")
    public long logTruncateMaxBatchSize;

    @Option(
            names = "--audit-log-truncate-max-event-size",
            defaultValue = "102400",
            description = "Maximum size of the audit event sent to the underlying backend (default: ${DEFAULT-VALUE}).")
    public long logTruncateMaxEventSize;

    @Option(
            names = "--audit-log-version",
            defaultValue = AuditPolicy.API_VERSION,
            description =
                    "API group and version used for serializing audit events (default: ${DEFAULT-VALUE}; the only one).")
    public String logVersion;

    @Option(
            names = "--audit-webhook-config-file",
            description =
                    "Path to a kubeconfig file that defines the audit webhook: EventLists are POSTed to its server URL with its credentials.")
    public Path webhookConfigFile;

    @Option(
            names = "--audit-webhook-initial-backoff",
            defaultValue = "10s",
            converter = GoDurationConverter.class,
            description =
                    "The amount of time to wait before retrying the first failed request (default: ${DEFAULT-VALUE}).")
    public Duration webhookInitialBackoff;

    @Option(
            names = "--audit-webhook-mode",
            defaultValue = "batch",
            description =
                    "Strategy for sending audit events: batch (buffered, sent in batches), blocking (each event sent as it happens, the request waits for its RequestReceived event) or blocking-strict (as blocking, and a RequestReceived event that cannot be sent fails the request) (default: ${DEFAULT-VALUE}).")
    public String webhookMode;

    @Option(
            names = "--audit-webhook-batch-buffer-size",
            defaultValue = "10000",
            description =
                    "The size of the buffer to store events before batching and sending (default: ${DEFAULT-VALUE}); a full buffer drops events.")
    public int webhookBatchBufferSize;

    @Option(
            names = "--audit-webhook-batch-max-size",
            defaultValue = "400",
            description = "The maximum size of a batch (default: ${DEFAULT-VALUE}).")
    public int webhookBatchMaxSize;

    @Option(
            names = "--audit-webhook-batch-max-wait",
            defaultValue = "30s",
            converter = GoDurationConverter.class,
            description =
                    "The amount of time to wait before force writing a batch that hadn't reached the max size (default: ${DEFAULT-VALUE}).")
    public Duration webhookBatchMaxWait;

    @Option(
            names = "--audit-webhook-batch-throttle-enable",
            arity = "0..1",
            defaultValue = "true",
            description = "Whether batching throttling is enabled (default: ${DEFAULT-VALUE}).")
    public boolean webhookBatchThrottleEnable;

    @Option(
            names = "--audit-webhook-batch-throttle-qps",
            defaultValue = "10",
            description = "Maximum average number of batches per second (default: ${DEFAULT-VALUE}).")
    public float webhookBatchThrottleQps;

    @Option(
            names = "--audit-webhook-batch-throttle-burst",
            defaultValue = "15",
            description =
                    "Maximum number of requests sent at the same moment if ThrottleQPS was not utilized before (default: ${DEFAULT-VALUE}).")
    public int webhookBatchThrottleBurst;

    @Option(
            names = "--audit-webhook-truncate-enabled",
            arity = "0..1",
            defaultValue = "false",
            description =
                    "Whether event and batch truncating is enabled: events larger than the max event size lose their request and response objects (annotated audit.k8s.io/truncated), or are dropped.")
    public boolean webhookTruncateEnabled;

    @Option(
            names = "--audit-webhook-truncate-max-batch-size",
            defaultValue = "10485760",
            description = "Maximum size of the batch sent to the webhook (default: ${DEFAULT-VALUE}).")
    public long webhookTruncateMaxBatchSize;

    @Option(
            names = "--audit-webhook-truncate-max-event-size",
            defaultValue = "102400",
            description = "Maximum size of the audit event sent to the webhook (default: ${DEFAULT-VALUE}).")
    public long webhookTruncateMaxEventSize;

    @Option(
            names = "--audit-webhook-version",
            defaultValue = AuditPolicy.API_VERSION,
            description =
                    "API group and version used for serializing audit events (default: ${DEFAULT-VALUE}; the only one).")
    public String webhookVersion;

    /** Upstream's messages for invalid values, every one at once; empty when all is well. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (logPath != null && !logPath.isEmpty()) {
            backendProblems(
                    "log",
                    logMode,
                    logBatchBufferSize,
                    logBatchMaxSize,
                    logBatchThrottleEnable,
                    logBatchThrottleQps,
                    logBatchThrottleBurst,
                    logVersion,
                    problems);
            if (!FORMATS.contains(logFormat)) {
                problems.add("invalid audit log format " + logFormat + ", allowed formats are \""
                        + String.join(",", FORMATS) + "\"");
            }
            if (logMaxAge < 0) {
                problems.add("--audit-log-maxage " + logMaxAge + " can't be a negative number");
            }
            if (logMaxBackup < 0) {
                problems.add("--audit-log-maxbackup " + logMaxBackup + " can't be a negative number");
            }
            if (logMaxSize < 0) {
                problems.add("--audit-log-maxsize " + logMaxSize + " can't be a negative number");
            }
        }
        if (webhookConfigFile != null) {
            backendProblems(
                    "webhook",
                    webhookMode,
                    webhookBatchBufferSize,
                    webhookBatchMaxSize,
                    webhookBatchThrottleEnable,
                    webhookBatchThrottleQps,
                    webhookBatchThrottleBurst,
                    webhookVersion,
                    problems);
            if (webhookInitialBackoff.isNegative()) {
                problems.add("--audit-webhook-initial-backoff " + webhookInitialBackoff + " can't be negative");
            }
        }
        return problems;
    }

    private static void backendProblems(
            String plugin,
            String mode,
            int bufferSize,
            int maxSize,
            boolean throttle,
            float qps,
            int burst,
            String version,
            List<String> problems) {
        if (!MODES.contains(mode)) {
            problems.add("invalid audit " + plugin + " mode " + mode + ", allowed modes are \""
                    + String.join(",", MODES) + "\"");
        }
        if ("batch".equals(mode)) {
            if (bufferSize <= 0) {
                problems.add(
                        "invalid audit batch " + plugin + " buffer size " + bufferSize + ", must be a positive number");
            }
            if (maxSize <= 0) {
                problems.add(
                        "invalid audit batch " + plugin + " max batch size " + maxSize + ", must be a positive number");
            }
            if (throttle && qps <= 0) {
                problems.add("invalid audit batch " + plugin + " throttle QPS " + qps + ", must be a positive number");
            }
            if (throttle && burst <= 0) {
                problems.add(
                        "invalid audit batch " + plugin + " throttle burst " + burst + ", must be a positive number");
            }
        }
        if (!AuditPolicy.API_VERSION.equals(version)) {
            problems.add("invalid audit " + plugin + " version " + version + ", allowed versions are \""
                    + AuditPolicy.API_VERSION + "\"");
        }
    }

    /**
     * The audit machinery these flags describe; disabled without a policy file or without a backend.
     *
     * @throws IOException when the policy, the log file or the webhook's kubeconfig cannot be read or opened
     */
    public Auditing build(Vertx vertx) throws IOException {
        if (policyFile == null) {
            return Auditing.disabled();
        }
        AuditPolicy policy = AuditPolicy.read(policyFile);
        AuditCounters counters = new AuditCounters();
        List<AuditBackend> backends = new ArrayList<>();
        if (logPath != null && !logPath.isEmpty()) {
            OutputStream out = "-".equals(logPath)
                    ? System.out
                    : new RotatingFile(
                            Path.of(logPath), logMaxSize, logMaxBackup, logMaxAge, logCompress, Clock.systemUTC());
            backends.add(new LogBackend(
                    out,
                    LogBackend.Format.valueOf(logFormat.toUpperCase(Locale.ROOT)),
                    new Truncation(logTruncateEnabled, logTruncateMaxBatchSize, logTruncateMaxEventSize),
                    counters));
        }
        if (webhookConfigFile != null) {
            Truncation truncation =
                    new Truncation(webhookTruncateEnabled, webhookTruncateMaxBatchSize, webhookTruncateMaxEventSize);
            WebhookBackend.Settings settings = new WebhookBackend.Settings(
                    WebhookBackend.Mode.parse(webhookMode),
                    webhookBatchBufferSize,
                    webhookBatchMaxSize,
                    webhookBatchMaxWait,
                    webhookBatchThrottleEnable,
                    webhookBatchThrottleQps,
                    webhookBatchThrottleBurst,
                    webhookInitialBackoff,
                    truncation);
            backends.add(new WebhookBackend(vertx, Kubeconfig.read(webhookConfigFile), settings, counters));
        }
        return Auditing.of(policy, backends, Math.max(1, logBatchBufferSize), counters);
    }
}
