package cloud.gardener.apiserver.server;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.LayoutBase;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * One JSON object per line with the keys of Gardener's zap JSON logs ({@code pkg/logger}: production encoder,
 * ISO 8601 time): {@code level}, {@code ts}, {@code logger}, {@code msg}, and {@code error} plus {@code stacktrace}
 * when a throwable was logged.
 */
public final class ZapJsonLayout extends LayoutBase<ILoggingEvent> {

    /** zapcore.ISO8601TimeEncoder: millisecond precision with the zone offset. */
    private static final DateTimeFormatter ISO8601 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXX").withZone(ZoneOffset.UTC);

    @Override
    public String doLayout(ILoggingEvent event) {
        ObjectNode line = Json.MAPPER.createObjectNode();
        line.put("level", event.getLevel().toString().toLowerCase(Locale.ROOT));
        line.put("ts", ISO8601.format(Instant.ofEpochMilli(event.getTimeStamp())));
        line.put("logger", event.getLoggerName());
        line.put("msg", event.getFormattedMessage());
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            line.put("error", thrown.getMessage() == null ? thrown.getClassName() : thrown.getMessage());
            line.put("stacktrace", ThrowableProxyUtil.asString(thrown));
        }
        return line.toString() + System.lineSeparator();
    }
}
