package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.api.model.values.Duration;
import com.cronutils.model.definition.CronDefinition;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.parser.CronParser;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whether a hibernation schedule is a cron spec that robfig/cron v1's {@code cron.ParseStandard} (Gardener's
 * parser) accepts: five fields (minute, hour, day of month, month, day of week 0-6, with month and weekday
 * names), or a descriptor {@code @yearly} ... {@code @hourly}, {@code @every <duration>}.
 *
 * <p>cron-utils parses the fields. Before it does, each field is tokenized as robfig does, where robfig is more
 * lenient than cron-utils: empty list items are dropped, {@code ?} stands for {@code *} in every field,
 * {@code *-x} is {@code *}, and a step larger than the field's range (only the start then) is capped to it.
 * Gardener's texts are kept for an empty spec, a wrong field count and descriptors; a bad field is reported in
 * cron-utils' words.
 */
final class StandardCronSpec {

    private static final int[] MAX = {59, 23, 31, 12, 6};
    private static final String EVERY = "@every ";
    /** What Go's {@code strings.Fields} splits on ({@code unicode.IsSpace}). */
    private static final Pattern GO_SPACE = Pattern.compile("[\\t\\n\\x0B\\f\\r \\u0085\\u00A0\\p{Zs}\\u2028\\u2029]+");

    private static final CronDefinition STANDARD = CronDefinitionBuilder.defineCron()
            .withMinutes()
            .withValidRange(0, 59)
            .withStrictRange()
            .and()
            .withHours()
            .withValidRange(0, 23)
            .withStrictRange()
            .and()
            .withDayOfMonth()
            .withValidRange(1, 31)
            .supportsQuestionMark()
            .withStrictRange()
            .and()
            .withMonth()
            .withValidRange(1, 12)
            .withStrictRange()
            .and()
            .withDayOfWeek()
            .withValidRange(0, 6)
            .withMondayDoWValue(1)
            .supportsQuestionMark()
            .withStrictRange()
            .and()
            .matchDayOfWeekAndDayOfMonth()
            .withSupportedNicknameYearly()
            .withSupportedNicknameAnnually()
            .withSupportedNicknameMonthly()
            .withSupportedNicknameWeekly()
            .withSupportedNicknameDaily()
            .withSupportedNicknameMidnight()
            .withSupportedNicknameHourly()
            .instance();
    private static final CronParser PARSER = new CronParser(STANDARD);

    private StandardCronSpec() {}

    /** The parser's error for {@code spec}, or empty when it parses. */
    static Optional<String> problem(String spec) {
        if (spec.isEmpty()) {
            return Optional.of("Empty spec string");
        }
        if (spec.charAt(0) == '@') {
            return descriptorProblem(spec);
        }
        String[] fields = GO_SPACE.splitAsStream(spec).filter(f -> !f.isEmpty()).toArray(String[]::new);
        if (fields.length != MAX.length) {
            return Optional.of("Expected exactly 5 fields, found " + fields.length + ": " + spec);
        }
        List<String> normalized = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            String field = robfigField(fields[i], MAX[i]);
            if (field.isEmpty()) {
                return Optional.empty(); // robfig accepts a field of only commas: it never fires
            }
            normalized.add(field);
        }
        return libraryProblem(String.join(" ", normalized));
    }

    private static Optional<String> descriptorProblem(String spec) {
        if (spec.startsWith(EVERY)) {
            try {
                Duration.parse(spec.substring(EVERY.length()));
                return Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.of("Failed to parse duration " + spec + ": " + e.getMessage());
            }
        }
        // robfig matches the descriptor exactly; cron-utils would also accept it with surrounding space
        if (GO_SPACE.matcher(spec).find() || libraryProblem(spec).isPresent()) {
            return Optional.of("Unrecognized descriptor: " + spec);
        }
        return Optional.empty();
    }

    private static Optional<String> libraryProblem(String spec) {
        try {
            PARSER.parse(spec).validate();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** One field as robfig's {@code getField}/{@code getRange} read it, in the syntax cron-utils takes. */
    private static String robfigField(String field, int max) {
        List<String> items = new ArrayList<>();
        for (String item : field.split(",", -1)) {
            if (item.isEmpty()) {
                continue; // strings.FieldsFunc drops empty parts
            }
            String[] rangeAndStep = item.split("/", -1);
            String range = rangeAndStep[0];
            String first = range.split("-", -1)[0];
            if (first.equals("*") || first.equals("?")) {
                range = "*"; // robfig ignores what follows a leading '*' or '?' in the range
            }
            if (rangeAndStep.length == 2) {
                items.add(range + "/" + cappedStep(rangeAndStep[1], max));
            } else {
                items.add(range + item.substring(rangeAndStep[0].length()));
            }
        }
        return String.join(",", items);
    }

    private static String cappedStep(String step, int max) {
        if (!step.matches("\\+?[0-9]+")) {
            return step;
        }
        BigInteger n = new BigInteger(step.startsWith("+") ? step.substring(1) : step);
        return n.compareTo(BigInteger.valueOf(max)) > 0 ? Integer.toString(max) : step;
    }
}
