package cloud.gardener.apiserver.server;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * {@code --log-level} and {@code --log-format}, checked as gardener-apiserver's ExtraOptions.Validate does and applied
 * to logback: the root level, and one stderr appender writing text or Gardener's zap-style JSON lines.
 */
final class LoggingOptions {

    static final List<String> LEVELS = List.of("debug", "info", "error");
    static final List<String> FORMATS = List.of("json", "text");
    static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSX,UTC} %-5level [%thread] %logger - %msg%n";
    static final String APPENDER = "STDERR";

    private LoggingOptions() {}

    /** Gardener's messages, every problem at once; empty when both flags are valid. */
    static List<String> problems(ServerOptions o) {
        List<String> problems = new ArrayList<>();
        if (!LEVELS.contains(o.logLevel)) {
            problems.add("invalid --log-level: " + o.logLevel);
        }
        if (!FORMATS.contains(o.logFormat)) {
            problems.add("invalid --log-format: " + o.logFormat);
        }
        if (o.verbosity < 0) {
            problems.add("invalid --v: " + o.verbosity);
        }
        try {
            vmodule(o.vmodule);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        return problems;
    }

    /**
     * klog's {@code --vmodule}: {@code pattern=N} pairs; a pair that is not one is refused with klog's message.
     * Returns each pattern's level.
     */
    static java.util.Map<String, Integer> vmodule(List<String> pairs) {
        java.util.Map<String, Integer> levels = new java.util.LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String pattern = eq < 0 ? "" : pair.substring(0, eq).strip();
            int level;
            try {
                level = eq < 0 ? -1 : Integer.parseInt(pair.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                level = -1;
            }
            if (pattern.isEmpty() || level < 0) {
                throw new IllegalArgumentException(
                        "invalid --vmodule: syntax error: expect comma-separated list of filename=N");
            }
            levels.put(pattern, level);
        }
        return levels;
    }

    /** The httplog verbosity at which kube-apiserver logs every request. */
    static final int HTTPLOG_LEVEL = 3;
    /** The klog verbosity from which this server logs at debug. */
    static final int DEBUG_LEVEL = 4;

    /** Replaces the root logger's level and appender; the flags must have passed {@link #problems}. */
    static void apply(ServerOptions o) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level level = Level.toLevel(o.logLevel, Level.INFO);
        // --v only ever adds detail: the level gardener-operator's logLevel sets stays the floor
        root.setLevel(o.verbosity >= DEBUG_LEVEL ? Level.DEBUG : level);
        int httplog = vmodule(o.vmodule).getOrDefault("httplog", o.verbosity);
        context.getLogger(cloud.gardener.apiserver.server.filters.AccessLog.LOGGER)
                .setLevel(httplog >= HTTPLOG_LEVEL ? Level.INFO : Level.OFF);
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName(APPENDER);
        appender.setTarget("System.err");
        appender.setEncoder(encoder(context, o.logFormat));
        appender.start();
        root.detachAndStopAllAppenders();
        root.addAppender(appender);
    }

    private static Encoder<ILoggingEvent> encoder(LoggerContext context, String format) {
        if (format.equals("json")) {
            ZapJsonLayout layout = new ZapJsonLayout();
            layout.setContext(context);
            layout.start();
            LayoutWrappingEncoder<ILoggingEvent> json = new LayoutWrappingEncoder<>();
            json.setContext(context);
            json.setLayout(layout);
            json.start();
            return json;
        }
        PatternLayoutEncoder text = new PatternLayoutEncoder();
        text.setContext(context);
        text.setPattern(TEXT_PATTERN);
        text.start();
        return text;
    }
}
