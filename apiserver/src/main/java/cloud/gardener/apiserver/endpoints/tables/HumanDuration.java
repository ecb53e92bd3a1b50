package cloud.gardener.apiserver.endpoints.tables;

import java.time.Duration;

/**
 * apimachinery's {@code duration.HumanDuration}: a duration with two or three significant figures, as in
 * kubectl's AGE column ({@code 90s}, {@code 5m3s}, {@code 3h20m}, {@code 2d4h}, {@code 3y12d}).
 */
public final class HumanDuration {

    private HumanDuration() {}

    /**
     * Formats {@code d}. Up to one second in the future counts as now ({@code 0s}) to tolerate clock skew; further
     * in the future is {@code <invalid>}.
     */
    public static String format(Duration d) {
        long seconds = d.getSeconds();
        if (seconds < 0 && d.getNano() > 0) {
            seconds++; // Go truncates toward zero; Duration#getSeconds floors
        }
        if (seconds < -1) {
            return "<invalid>";
        }
        if (seconds < 0) {
            return "0s";
        }
        if (seconds < 60 * 2) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 10) {
            long s = seconds % 60;
            return s == 0 ? minutes + "m" : minutes + "m" + s + "s";
        }
        if (minutes < 60 * 3) {
            return minutes + "m";
        }
        long hours = seconds / 3600;
        if (hours < 8) {
            long m = minutes % 60;
            return m == 0 ? hours + "h" : hours + "h" + m + "m";
        }
        if (hours < 48) {
            return hours + "h";
        }
        if (hours < 24 * 8) {
            long h = hours % 24;
            return h == 0 ? hours / 24 + "d" : hours / 24 + "d" + h + "h";
        }
        if (hours < 24 * 365 * 2) {
            return hours / 24 + "d";
        }
        if (hours < 24 * 365 * 8) {
            long days = hours / 24 % 365;
            return days == 0 ? hours / 24 / 365 + "y" : hours / 24 / 365 + "y" + days + "d";
        }
        return hours / 24 / 365 + "y";
    }
}
