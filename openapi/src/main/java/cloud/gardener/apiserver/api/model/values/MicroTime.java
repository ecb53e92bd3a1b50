package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * A point in time with microsecond precision, as {@code metav1.MicroTime}: JSON is
 * {@code 2006-01-02T15:04:05.000000Z07:00} in UTC (always six fraction digits, truncated), and Go's zero
 * time is JSON {@code null}. Decoding requires exactly six fraction digits, as Go's layout does.
 */
public final class MicroTime implements Comparable<MicroTime> {

    /** Go's zero time, January 1, year 1, 00:00:00 UTC; JSON {@code null}. */
    public static final MicroTime ZERO = new MicroTime(Instant.parse("0001-01-01T00:00:00Z"));

    private final Instant instant;

    private MicroTime(Instant instant) {
        this.instant = instant.truncatedTo(ChronoUnit.MICROS);
    }

    /** Go's zero value. */
    public static MicroTime zero() {
        return ZERO;
    }

    /** The given instant, truncated to whole microseconds. */
    public static MicroTime of(Instant instant) {
        return new MicroTime(Objects.requireNonNull(instant, "instant"));
    }

    public static MicroTime now() {
        return now(Clock.systemUTC());
    }

    public static MicroTime now(Clock clock) {
        return new MicroTime(clock.instant());
    }

    /**
     * Parses as Go's {@code time.Parse("2006-01-02T15:04:05.000000Z07:00", s)}.
     *
     * @throws IllegalArgumentException with Go's error text
     */
    public static MicroTime parse(String s) {
        return new MicroTime(GoTimeLayout.RFC3339_MICRO.parse(Objects.requireNonNull(s, "s")));
    }

    /** For tree-based codecs: decodes a JSON value as {@code metav1.MicroTime.UnmarshalJSON} does (null is zero). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static MicroTime fromJson(JsonNode node) {
        Instant instant = GoTimeLayout.RFC3339_MICRO.decodeJson(node);
        return instant == null ? ZERO : new MicroTime(instant);
    }

    public Instant instant() {
        return instant;
    }

    public boolean isZero() {
        return instant.equals(ZERO.instant);
    }

    public boolean isBefore(MicroTime other) {
        return instant.isBefore(other.instant);
    }

    public boolean isAfter(MicroTime other) {
        return instant.isAfter(other.instant);
    }

    /** The same instant with whole-second precision. */
    public Time toTime() {
        return Time.of(instant);
    }

    /** The JSON value: the formatted string, or null for the zero time. */
    @JsonValue
    public String toJson() {
        return isZero() ? null : toString();
    }

    /** {@code 2006-01-02T15:04:05.000000Z} in UTC (also for the zero time, which JSON writes as null). */
    @Override
    public String toString() {
        return GoTimeLayout.RFC3339_MICRO.format(instant);
    }

    @Override
    public int compareTo(MicroTime other) {
        return instant.compareTo(other.instant);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MicroTime other && instant.equals(other.instant);
    }

    @Override
    public int hashCode() {
        return instant.hashCode();
    }
}
