package cloud.gardener.apiserver.server;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --log-level} and {@code --log-format}, checked as gardener-apiserver's ExtraOptions.Validate does and applied
 * to slf4j-simple before the first logger exists.
 */
final class LoggingOptions {

    static final List<String> LEVELS = List.of("debug", "info", "error");
    static final List<String> FORMATS = List.of("json", "text");
    /** slf4j-simple reads its level from this system property when the first logger is made. */
    static final String SIMPLE_LOGGER_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

    private LoggingOptions() {
    }

    /** Gardener's messages, every problem at once; empty when both flags are valid. */
    static List<String> problems(ServerOptions o) {
        List<String> problems = new ArrayList<>();
        if (!LEVELS.contains(o.logLevel)) {
            problems.add("invalid --log-level: " + o.logLevel);
        }
        if (!FORMATS.contains(o.logFormat)) {
            problems.add("invalid --log-format: " + o.logFormat);
        }
        return problems;
    }

    /** Sets the level unless the JVM was started with an explicit slf4j-simple level. */
    static void apply(ServerOptions o) {
        if (System.getProperty(SIMPLE_LOGGER_LEVEL) == null) {
            System.setProperty(SIMPLE_LOGGER_LEVEL, o.logLevel);
        }
    }
}
