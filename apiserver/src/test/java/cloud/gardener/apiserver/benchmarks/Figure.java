package cloud.gardener.apiserver.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line of the table: a measured value, its baseline from the same rounds, their ratio per round (value ÷
 * baseline) and the goal the issue sets for the ratio. A raw figure (no baseline measures the same: heap per
 * watcher, a latency, a count) shows its median and range, to be read with the load average printed beside it.
 */
record Figure(String text, String valueKey, String baselineKey, Unit unit, String goal) {

    enum Unit {
        PER_SECOND("%.0f/s", 1),
        SECONDS("%.3f s", 1),
        MIB("%.1f MiB", 1024.0 * 1024),
        KIB("%.2f KiB", 1024),
        MILLISECONDS("%.0f ms", 1e-3),
        COUNT("%.0f", 1);

        private final String format;
        private final double divisor;

        Unit(String format, double divisor) {
            this.format = format;
            this.divisor = divisor;
        }

        String format(double v) {
            return String.format(Locale.ROOT, format, v / divisor);
        }
    }

    /** A figure without a baseline. */
    static Figure raw(String text, String valueKey, Unit unit, String goal) {
        return new Figure(text, valueKey, null, unit, goal);
    }

    /** The table line: medians over the rounds, the ratio's range in parentheses. */
    String line(Results results) {
        List<Double> values = results.get(valueKey);
        if (baselineKey == null) {
            if (values.isEmpty()) {
                return String.format(Locale.ROOT, "| %s | not measured | | | %s |", text, goal);
            }
            return String.format(
                    Locale.ROOT,
                    "| %s | %s (%s–%s) | | raw | %s |",
                    text,
                    unit.format(median(values)),
                    unit.format(values.stream()
                            .mapToDouble(Double::doubleValue)
                            .min()
                            .orElseThrow()),
                    unit.format(values.stream()
                            .mapToDouble(Double::doubleValue)
                            .max()
                            .orElseThrow()),
                    goal);
        }
        List<Double> baselines = results.get(baselineKey);
        if (values.isEmpty() || values.size() != baselines.size()) {
            return String.format(Locale.ROOT, "| %s | not measured | | | %s |", text, goal);
        }
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            ratios.add(values.get(i) / baselines.get(i));
        }
        return String.format(
                Locale.ROOT,
                "| %s | %s | %s | %.2f (%.2f–%.2f) | %s |",
                text,
                unit.format(median(values)),
                unit.format(median(baselines)),
                median(ratios),
                ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                goal);
    }

    static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
