package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --audit-log-path}: one line per event, {@code json} (the Event object) or {@code legacy} (upstream's
 * {@code EventString}), into a rotating file or, for {@code -}, standard output. Runs on the dispatcher's thread.
 */
final class LogBackend implements AuditBackend {

    private static final Logger LOG = LoggerFactory.getLogger(LogBackend.class);

    enum Format {
        JSON,
        LEGACY
    }

    private final OutputStream out;
    private final Format format;
    private final Truncation truncation;
    private final AuditCounters counters;

    LogBackend(OutputStream out, Format format, Truncation truncation, AuditCounters counters) {
        this.out = out;
        this.format = format;
        this.truncation = truncation;
        this.counters = counters;
    }

    @Override
    public String plugin() {
        return "log";
    }

    @Override
    public Future<Void> process(AuditEvent event, ObjectNode json, byte[] bytes) {
        try {
            if (format == Format.JSON) {
                bytes = truncation.fit(json, bytes, counters);
                if (bytes == null) {
                    return Future.succeededFuture();
                }
                byte[] line = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, line, 0, bytes.length);
                line[bytes.length] = '\n';
                out.write(line);
            } else {
                out.write((legacy(event) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing the audit log", e);
        }
        return Future.succeededFuture();
    }

    /** Upstream's {@code EventString}: one line, Go-quoted values. */
    static String legacy(AuditEvent ev) {
        String username = "<none>";
        String groups = "<none>";
        if (!ev.user().name().isEmpty()) {
            username = ev.user().name();
            if (!ev.user().groups().isEmpty()) {
                groups = quotedList(ev.user().groups());
            }
        }
        String asUser = "<self>";
        String asGroups = "<lookup>";
        if (ev.impersonatedUser() != null) {
            asUser = ev.impersonatedUser().name();
            asGroups = quotedList(ev.impersonatedUser().groups());
        }
        String namespace = ev.objectRef() != null
                        && ev.objectRef().namespace() != null
                        && !ev.objectRef().namespace().isEmpty()
                ? ev.objectRef().namespace()
                : "<none>";
        String response = ev.responseCode() > 0 ? Integer.toString(ev.responseCode()) : "<deferred>";
        String ip = ev.sourceIps().isEmpty() ? "<unknown>" : ev.sourceIps().get(0);
        return rfc3339Nano(ev.requestReceived()) + " AUDIT: id=" + GoQuote.quote(ev.auditId()) + " stage="
                + GoQuote.quote(ev.stage().wire()) + " ip=" + GoQuote.quote(ip) + " method=" + GoQuote.quote(ev.verb())
                + " user="
                + GoQuote.quote(username) + " groups=" + GoQuote.quote(groups) + " as=" + GoQuote.quote(asUser)
                + " asgroups="
                + GoQuote.quote(asGroups) + " user-agent=" + GoQuote.quote(ev.userAgent() == null ? "" : ev.userAgent())
                + " namespace=" + GoQuote.quote(namespace) + " uri=" + GoQuote.quote(ev.requestUri()) + " response=\""
                + response + "\"";
    }

    private static String quotedList(List<String> values) {
        return values.stream().map(GoQuote::quote).collect(Collectors.joining(","));
    }

    /** Go's {@code time.RFC3339Nano}: fractional seconds without trailing zeros. */
    @SuppressWarnings("JavaInstantGetSecondsGetNano") // the whole seconds are formatted from the same instant
    static String rfc3339Nano(Instant t) {
        String seconds = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
                .withZone(ZoneOffset.UTC)
                .format(t);
        String nanos = String.format("%09d", t.getNano()).replaceAll("0+$", "");
        return seconds + (nanos.isEmpty() ? "" : "." + nanos) + "Z";
    }

    @Override
    public void close() {
        try {
            out.flush();
            if (out != System.out) {
                out.close();
            }
        } catch (IOException e) {
            LOG.warn("closing the audit log: {}", e.getMessage());
        }
    }
}
