package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.model.values.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The standard five-field cron spec as {@code cron.ParseStandard} of robfig/cron v1 accepts it (minute, hour,
 * day of month, month, day of week; ranges, steps, lists, names, {@code *}/{@code ?}; and the descriptors
 * {@code @yearly} ... {@code @every <duration>}). Only parsing is needed: a spec is valid or has a problem.
 */
final class CronSpec {

    private record Bounds(int min, int max, Map<String, Integer> names) {
    }

    private static final Bounds MINUTES = new Bounds(0, 59, null);
    private static final Bounds HOURS = new Bounds(0, 23, null);
    private static final Bounds DOM = new Bounds(1, 31, null);
    private static final Bounds MONTHS = new Bounds(1, 12, Map.ofEntries(Map.entry("jan", 1), Map.entry("feb", 2),
            Map.entry("mar", 3), Map.entry("apr", 4), Map.entry("may", 5), Map.entry("jun", 6), Map.entry("jul", 7),
            Map.entry("aug", 8), Map.entry("sep", 9), Map.entry("oct", 10), Map.entry("nov", 11), Map.entry("dec", 12)));
    private static final Bounds DOW = new Bounds(0, 6, Map.of("sun", 0, "mon", 1, "tue", 2, "wed", 3, "thu", 4,
            "fri", 5, "sat", 6));
    private static final Bounds[] FIELDS = {MINUTES, HOURS, DOM, MONTHS, DOW};

    private CronSpec() {
    }

    /** The parser's error text for {@code spec}, or empty when it parses. */
    static Optional<String> problem(String spec) {
        if (spec.isEmpty()) {
            return Optional.of("Empty spec string");
        }
        if (spec.charAt(0) == '@') {
            return descriptorProblem(spec);
        }
        String trimmed = spec.strip();
        String[] fields = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
        if (fields.length != 5) {
            return Optional.of("Expected exactly 5 fields, found " + fields.length + ": " + spec);
        }
        for (int i = 0; i < 5; i++) {
            for (String expr : fields[i].split(",")) {
                if (expr.isEmpty()) {
                    continue; // strings.FieldsFunc drops empty parts
                }
                Optional<String> p = rangeProblem(expr, FIELDS[i]);
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> descriptorProblem(String spec) {
        switch (spec) {
            case "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly" -> {
                return Optional.empty();
            }
            default -> {
            }
        }
        if (spec.startsWith("@every ")) {
            try {
                Duration.parse(spec.substring("@every ".length()));
                return Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.of("Failed to parse duration " + spec + ": " + e.getMessage());
            }
        }
        return Optional.of("Unrecognized descriptor: " + spec);
    }

    private static Optional<String> rangeProblem(String expr, Bounds r) {
        String[] rangeAndStep = expr.split("/", -1);
        String[] lowAndHigh = rangeAndStep[0].split("-", -1);
        boolean singleDigit = lowAndHigh.length == 1;
        long start;
        long end;
        long step;
        try {
            if (lowAndHigh[0].equals("*") || lowAndHigh[0].equals("?")) {
                start = r.min();
                end = r.max();
            } else {
                start = intOrName(lowAndHigh[0], r.names());
                if (lowAndHigh.length == 1) {
                    end = start;
                } else if (lowAndHigh.length == 2) {
                    end = intOrName(lowAndHigh[1], r.names());
                } else {
                    return Optional.of("Too many hyphens: " + expr);
                }
            }
            if (rangeAndStep.length == 1) {
                step = 1;
            } else if (rangeAndStep.length == 2) {
                step = positiveInt(rangeAndStep[1]);
                if (singleDigit) {
                    end = r.max();
                }
            } else {
                return Optional.of("Too many slashes: " + expr);
            }
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (start < r.min()) {
            return Optional.of("Beginning of range (" + start + ") below minimum (" + r.min() + "): " + expr);
        }
        if (end > r.max()) {
            return Optional.of("End of range (" + end + ") above maximum (" + r.max() + "): " + expr);
        }
        if (start > end) {
            return Optional.of("Beginning of range (" + start + ") beyond end of range (" + end + "): " + expr);
        }
        if (step == 0) {
            return Optional.of("Step of range should be a positive number: " + expr);
        }
        return Optional.empty();
    }

    private static long intOrName(String expr, Map<String, Integer> names) {
        if (names != null) {
            Integer named = names.get(expr.toLowerCase(Locale.ROOT));
            if (named != null) {
                return named;
            }
        }
        return positiveInt(expr);
    }

    /** {@code mustParseInt}: {@code strconv.Atoi}, then no negatives. */
    private static long positiveInt(String expr) {
        long num;
        if (!expr.matches("[+-]?[0-9]+")) {
            throw new IllegalArgumentException("Failed to parse int from " + expr + ": strconv.Atoi: parsing \""
                    + expr + "\": invalid syntax");
        }
        try {
            num = Long.parseLong(expr);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Failed to parse int from " + expr + ": strconv.Atoi: parsing \""
                    + expr + "\": value out of range", e);
        }
        if (num < 0) {
            throw new IllegalArgumentException("Negative number (" + num + ") not allowed: " + expr);
        }
        return num;
    }
}
