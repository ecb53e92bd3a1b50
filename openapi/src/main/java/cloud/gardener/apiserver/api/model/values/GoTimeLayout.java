package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.util.List;

/**
 * Go's {@code time.Parse} and {@code Time.Format} for the two layouts Kubernetes uses,
 * {@code time.RFC3339} and {@code metav1.RFC3339Micro}, including Go's leniency (one-digit hours, fractional
 * seconds after the seconds field in either layout, offsets up to 24:60) and its error texts.
 */
final class GoTimeLayout {

    static final GoTimeLayout RFC3339 = new GoTimeLayout("2006-01-02T15:04:05Z07:00", false);
    static final GoTimeLayout RFC3339_MICRO = new GoTimeLayout("2006-01-02T15:04:05.000000Z07:00", true);

    /** A layout element: the literal before it and the element itself. */
    private enum Elem {
        YEAR,
        MONTH,
        DAY,
        HOUR,
        MINUTE,
        SECOND,
        MICROS,
        ZONE
    }

    private record Chunk(String prefix, Elem elem, String layoutText) {}

    private final String layout;
    private final boolean micro;
    private final List<Chunk> chunks;

    private GoTimeLayout(String layout, boolean micro) {
        this.layout = layout;
        this.micro = micro;
        this.chunks = micro
                ? List.of(
                        new Chunk("", Elem.YEAR, "2006"),
                        new Chunk("-", Elem.MONTH, "01"),
                        new Chunk("-", Elem.DAY, "02"),
                        new Chunk("T", Elem.HOUR, "15"),
                        new Chunk(":", Elem.MINUTE, "04"),
                        new Chunk(":", Elem.SECOND, "05"),
                        new Chunk("", Elem.MICROS, ".000000"),
                        new Chunk("", Elem.ZONE, "Z07:00"))
                : List.of(
                        new Chunk("", Elem.YEAR, "2006"),
                        new Chunk("-", Elem.MONTH, "01"),
                        new Chunk("-", Elem.DAY, "02"),
                        new Chunk("T", Elem.HOUR, "15"),
                        new Chunk(":", Elem.MINUTE, "04"),
                        new Chunk(":", Elem.SECOND, "05"),
                        new Chunk("", Elem.ZONE, "Z07:00"));
    }

    /** Thrown for a bad element; reported as "cannot parse ... as ...". */
    private static final class Bad extends Exception {
        Bad() {
            super(null, null, false, false);
        }
    }

    @SuppressWarnings("StaticAssignmentOfThrowable") // a stackless control-flow signal, caught inside this class
    private static final Bad BAD = new Bad();

    /** Parses {@code value}; the result keeps nanoseconds (callers truncate). */
    Instant parse(String value) {
        String rest = value;
        int year = 0;
        int month = -1;
        int day = -1;
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nanos = 0;
        int zoneOffset = 0;
        for (Chunk chunk : chunks) {
            if (!chunk.prefix().isEmpty()) {
                if (!rest.startsWith(chunk.prefix())) {
                    throw cannotParse(value, rest, chunk.prefix());
                }
                rest = rest.substring(chunk.prefix().length());
            }
            String hold = rest;
            String rangeError = null;
            try {
                switch (chunk.elem()) {
                    case YEAR -> {
                        if (rest.length() < 4 || !GoText.isAsciiDigit(rest.charAt(0))) {
                            throw BAD;
                        }
                        year = atoi(rest.substring(0, 4));
                        rest = rest.substring(4);
                    }
                    case MONTH -> {
                        month = twoDigits(rest);
                        rest = rest.substring(2);
                        if (month <= 0 || month > 12) {
                            rangeError = "month";
                        }
                    }
                    case DAY -> {
                        day = twoDigits(rest);
                        rest = rest.substring(2);
                    }
                    case HOUR -> {
                        // Go's stdHour takes one or two digits
                        if (rest.isEmpty() || !GoText.isAsciiDigit(rest.charAt(0))) {
                            throw BAD;
                        }
                        int n = rest.length() > 1 && GoText.isAsciiDigit(rest.charAt(1)) ? 2 : 1;
                        hour = Integer.parseInt(rest.substring(0, n));
                        rest = rest.substring(n);
                        if (hour >= 24) {
                            rangeError = "hour";
                        }
                    }
                    case MINUTE -> {
                        minute = twoDigits(rest);
                        rest = rest.substring(2);
                        if (minute >= 60) {
                            rangeError = "minute";
                        }
                    }
                    case SECOND -> {
                        second = twoDigits(rest);
                        rest = rest.substring(2);
                        if (second >= 60) {
                            rangeError = "second";
                        } else if (!micro
                                && rest.length() >= 2
                                && commaOrPeriod(rest.charAt(0))
                                && GoText.isAsciiDigit(rest.charAt(1))) {
                            // a fraction the layout does not mention: any number of digits, nanoseconds kept
                            int n = 2;
                            while (n < rest.length() && GoText.isAsciiDigit(rest.charAt(n))) {
                                n++;
                            }
                            nanos = nanoseconds(rest, n);
                            rest = rest.substring(n);
                        }
                    }
                    case MICROS -> {
                        if (rest.length() < 7 || !commaOrPeriod(rest.charAt(0))) {
                            throw BAD;
                        }
                        int micros = atoi(rest.substring(1, 7));
                        rest = rest.substring(7);
                        if (micros < 0) {
                            rangeError = "fractional second";
                        }
                        nanos = micros * 1000;
                    }
                    case ZONE -> {
                        if (!rest.isEmpty() && rest.charAt(0) == 'Z') {
                            rest = rest.substring(1);
                            zoneOffset = 0;
                            break;
                        }
                        if (rest.length() < 6 || rest.charAt(3) != ':') {
                            throw BAD;
                        }
                        char sign = rest.charAt(0);
                        String hh = rest.substring(1, 3);
                        String mm = rest.substring(4, 6);
                        rest = rest.substring(6);
                        boolean bad = false;
                        int hr = 0;
                        int mn = 0;
                        if (isTwoDigits(hh)) {
                            hr = Integer.parseInt(hh);
                            if (isTwoDigits(mm)) {
                                mn = Integer.parseInt(mm);
                            } else {
                                bad = true;
                            }
                        } else {
                            bad = true;
                        }
                        // Go checks > rather than >=: offsets of 24 hours or 60 minutes are accepted
                        if (hr > 24) {
                            rangeError = "time zone offset hour";
                        }
                        if (mn > 60) {
                            rangeError = "time zone offset minute";
                        }
                        zoneOffset = (hr * 60 + mn) * 60;
                        if (sign == '-') {
                            zoneOffset = -zoneOffset;
                        } else if (sign != '+') {
                            bad = true;
                        }
                        if (bad && rangeError == null) {
                            throw BAD;
                        }
                    }
                    default -> throw new IllegalStateException();
                }
            } catch (Bad e) {
                if (rangeError != null) {
                    throw outOfRange(value, rangeError);
                }
                throw cannotParse(value, hold, chunk.layoutText());
            }
            if (rangeError != null) {
                throw outOfRange(value, rangeError);
            }
        }
        if (!rest.isEmpty()) {
            throw new IllegalArgumentException(
                    "parsing time " + GoText.quote(value) + ": extra text: " + GoText.quote(rest));
        }
        if (day < 1 || day > java.time.Month.of(month).length(Year.isLeap(year))) {
            throw new IllegalArgumentException("parsing time " + GoText.quote(value) + ": day out of range");
        }
        long epochSecond =
                LocalDateTime.of(year, month, day, hour, minute, second).toEpochSecond(ZoneOffset.UTC) - zoneOffset;
        return Instant.ofEpochSecond(epochSecond, nanos);
    }

    /** Go's {@code Time.UTC().Format(layout)}; fractions are truncated, not rounded. */
    String format(Instant instant) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(micro ? 27 : 20);
        int year = t.getYear();
        if (year < 0) {
            b.append('-');
        }
        pad(b, Math.abs(year), 4).append('-');
        pad(b, t.getMonthValue(), 2).append('-');
        pad(b, t.getDayOfMonth(), 2).append('T');
        pad(b, t.getHour(), 2).append(':');
        pad(b, t.getMinute(), 2).append(':');
        pad(b, t.getSecond(), 2);
        if (micro) {
            pad(b.append('.'), instant.get(ChronoField.MICRO_OF_SECOND), 6);
        }
        return b.append('Z').toString();
    }

    /**
     * A JSON value as {@code metav1.Time} and {@code metav1.MicroTime} unmarshal it with this layout: null for JSON
     * null (Go's zero time), else the instant the string holds.
     *
     * @throws IllegalArgumentException with Go's error text
     */
    Instant decodeJson(JsonNode node) {
        if (node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw GoText.cannotUnmarshal(node, "string");
        }
        return parse(node.textValue());
    }

    private static StringBuilder pad(StringBuilder b, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(digits);
    }

    private static boolean commaOrPeriod(char c) {
        return c == '.' || c == ',';
    }

    private static boolean isTwoDigits(String s) {
        return s.length() >= 2 && GoText.isAsciiDigit(s.charAt(0)) && GoText.isAsciiDigit(s.charAt(1));
    }

    /** Go's fixed two-digit getnum. */
    private static int twoDigits(String s) throws Bad {
        if (!isTwoDigits(s)) {
            throw BAD;
        }
        return (s.charAt(0) - '0') * 10 + (s.charAt(1) - '0');
    }

    /** Go's time-package atoi: an optional sign, then only digits. */
    private static int atoi(String s) throws Bad {
        int i = 0;
        boolean negative = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            negative = s.charAt(0) == '-';
            i = 1;
        }
        long x = 0;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!GoText.isAsciiDigit(c)) {
                throw BAD;
            }
            x = x * 10 + (c - '0');
        }
        return (int) (negative ? -x : x);
    }

    /** The digits after the separator in value[0:n], scaled to nanoseconds; digits past the ninth are dropped. */
    private static int nanoseconds(String value, int n) {
        int end = Math.min(n, 10);
        int ns = Integer.parseInt(value.substring(1, end));
        for (int i = end; i < 10; i++) {
            ns *= 10;
        }
        return ns;
    }

    private IllegalArgumentException cannotParse(String value, String valueElem, String layoutElem) {
        return new IllegalArgumentException("parsing time " + GoText.quote(value) + " as " + GoText.quote(layout)
                + ": cannot parse " + GoText.quote(valueElem) + " as " + GoText.quote(layoutElem));
    }

    private static IllegalArgumentException outOfRange(String value, String what) {
        return new IllegalArgumentException("parsing time " + GoText.quote(value) + ": " + what + " out of range");
    }
}
