package cloud.gardener.apiserver.admission.validation.core;

/**
 * A maintenance time {@code HHMMSS±HHMM} read as Go's {@code time.Parse("150405-0700", ...)} reads it,
 * as the second of the day in UTC; parse errors carry Go's wording.
 *
 * <p>Hand-written on purpose: {@code DateTimeFormatter} cannot express this layout as Go reads it. Go takes
 * zone offsets up to {@code ±2460} (java.time stops at ±18:00), and Gardener's messages name the layout
 * element that failed ({@code cannot parse "+0100" as "05"}), which a formatter's error does not tell.
 */
final class MaintenanceTime {

    static final String LAYOUT = "150405-0700";
    private static final int DAY = 24 * 3600;

    private MaintenanceTime() {}

    /**
     * @throws IllegalArgumentException {@code could not parse the value into the maintenanceTime format: parsing time ...}
     */
    static int parseUtcSecondOfDay(String value) {
        String rest = value;
        // "15": one or two digits, below 24.
        int[] hour = number(rest, false);
        if (hour == null) {
            throw bad(value, rest, "15");
        }
        rest = rest.substring(hour[1]);
        if (hour[0] >= 24) {
            throw range(value, "hour");
        }
        int[] minute = number(rest, true);
        if (minute == null) {
            throw bad(value, rest, "04");
        }
        rest = rest.substring(2);
        if (minute[0] >= 60) {
            throw range(value, "minute");
        }
        int[] second = number(rest, true);
        if (second == null) {
            throw bad(value, rest, "05");
        }
        rest = rest.substring(2);
        if (second[0] >= 60) {
            throw range(value, "second");
        }
        if (rest.length() < 5) {
            throw bad(value, rest, "-0700");
        }
        char sign = rest.charAt(0);
        int[] zh = number(rest.substring(1, 3), true);
        int[] zm = zh == null ? null : number(rest.substring(3, 5), true);
        if (zh != null && zh[0] > 24) {
            throw range(value, "time zone offset hour");
        }
        if (zm != null && zm[0] > 60) {
            throw range(value, "time zone offset minute");
        }
        if (zh == null || zm == null || (sign != '+' && sign != '-')) {
            throw bad(value, rest, "-0700");
        }
        int offset = (zh[0] * 60 + zm[0]) * 60 * (sign == '-' ? -1 : 1);
        String extra = rest.substring(5);
        if (!extra.isEmpty()) {
            throw new IllegalArgumentException(
                    prefix() + "parsing time " + quote(value) + ": extra text: " + quote(extra));
        }
        int local = hour[0] * 3600 + minute[0] * 60 + second[0];
        return Math.floorMod(local - offset, DAY);
    }

    /** Go's {@code getnum}: the value and the digits read, or null. */
    private static int[] number(String s, boolean fixed) {
        if (s.isEmpty() || !Character.isDigit(s.charAt(0)) || s.charAt(0) > '9') {
            return null;
        }
        if (s.length() < 2 || !isAsciiDigit(s.charAt(1))) {
            return fixed ? null : new int[] {s.charAt(0) - '0', 1};
        }
        return new int[] {(s.charAt(0) - '0') * 10 + (s.charAt(1) - '0'), 2};
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static IllegalArgumentException bad(String value, String valueElem, String layoutElem) {
        return new IllegalArgumentException(prefix() + "parsing time " + quote(value) + " as " + quote(LAYOUT)
                + ": cannot parse " + quote(valueElem) + " as " + quote(layoutElem));
    }

    private static IllegalArgumentException range(String value, String what) {
        return new IllegalArgumentException(prefix() + "parsing time " + quote(value) + ": " + what + " out of range");
    }

    private static String prefix() {
        return "could not parse the value into the maintenanceTime format: ";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
