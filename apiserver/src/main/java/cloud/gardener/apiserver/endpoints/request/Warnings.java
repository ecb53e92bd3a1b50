package cloud.gardener.apiserver.endpoints.request;

import cloud.gardener.apiserver.api.validation.GoQuote;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The warnings of one request, as the {@code WithWarningRecorder} filter keeps them: deduplicated by text,
 * formatted as {@code Warning: 299 - "<text>"} header values, and once the texts pass 4096 runes in total,
 * every warning (earlier ones too) cut to 256 runes. Thread-safe; one instance per request.
 */
public final class Warnings {

    static final int TRUNCATE_AT_TOTAL_RUNES = 4 * 1024;
    static final int TRUNCATE_ITEM_RUNES = 256;

    private record Recorded(String agent, String text) {}

    private final Set<String> recorded = new HashSet<>();
    private final List<Recorded> ordered = new ArrayList<>();
    private final List<String> headers = new ArrayList<>();
    private int written;
    private boolean truncating;

    /** Records a warning from the server itself (agent {@code -}). */
    public void add(String text) {
        add("", text);
    }

    /** Records a warning; an empty text is ignored, a repeated text is dropped. */
    public synchronized void add(String agent, String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        if (written >= TRUNCATE_AT_TOTAL_RUNES && truncating) {
            return;
        }
        if (!recorded.add(text)) {
            return;
        }
        ordered.add(new Recorded(agent, text));
        int runes = text.codePointCount(0, text.length());
        if (truncating && runes > TRUNCATE_ITEM_RUNES) {
            text = truncate(text);
            runes = TRUNCATE_ITEM_RUNES;
        }
        Optional<String> header = header(299, agent, text);
        if (header.isEmpty()) {
            return;
        }
        if (written + runes <= TRUNCATE_AT_TOTAL_RUNES || truncating) {
            written += runes;
            headers.add(header.get());
            return;
        }
        // over the limit: switch to truncation and replay everything recorded so far, shortened
        truncating = true;
        written = 0;
        headers.clear();
        for (Recorded r : ordered) {
            String t = r.text();
            int n = t.codePointCount(0, t.length());
            if (n > TRUNCATE_ITEM_RUNES) {
                t = truncate(t);
                n = TRUNCATE_ITEM_RUNES;
            }
            Optional<String> h = header(299, r.agent(), t);
            if (h.isPresent()) {
                written += n;
                headers.add(h.get());
            }
        }
    }

    /** The {@code Warning} header values to send, one header line each, in the order recorded. */
    public synchronized List<String> headerValues() {
        return List.copyOf(headers);
    }

    public synchronized boolean isEmpty() {
        return headers.isEmpty();
    }

    /**
     * {@code net.NewWarningHeader}: {@code <code> <agent> "<text>"} with {@code "} and {@code \} escaped; the
     * agent defaults to {@code -}. Empty when the code is out of 0..999, the agent has spaces, quotes, backslashes
     * or control characters, or the text has control characters (such warnings are dropped).
     */
    public static Optional<String> header(int code, String agent, String text) {
        if (code < 0 || code > 999) {
            return Optional.empty();
        }
        if (agent == null || agent.isEmpty()) {
            agent = "-";
        } else if (agent.codePoints()
                        .anyMatch(c -> c == '"'
                                || c == '\\'
                                || Character.isWhitespace(c)
                                || Character.isSpaceChar(c)
                                || GoQuote.isControl(c))
                || hasLoneSurrogate(agent)) {
            return Optional.empty();
        }
        if (text.codePoints().anyMatch(GoQuote::isControl) || hasLoneSurrogate(text)) {
            return Optional.empty();
        }
        StringBuilder sb = new StringBuilder(text.length() + agent.length() + 8);
        sb.append(String.format("%03d", code)).append(' ').append(agent).append(" \"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return Optional.of(sb.append('"').toString());
    }

    private static String truncate(String text) {
        return text.substring(0, text.offsetByCodePoints(0, TRUNCATE_ITEM_RUNES));
    }

    /** Java strings may hold unpaired surrogates, the analogue of invalid UTF-8. */
    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
