package cloud.gardener.apiserver.api.model.values;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * A point in time with whole-second precision, as {@code metav1.Time} is on the wire: JSON is RFC 3339 in
 * UTC ({@code "2024-05-01T12:00:00Z"}), and Go's zero time (0001-01-01T00:00:00Z) is JSON {@code null}.
 * Decoding accepts any RFC 3339 offset and a fractional second, which is dropped: a value holds exactly
 * what its JSON says, so equality is equality of the JSON.
 */
public final class Time implements Comparable<Time> {

    /** Go's zero time, January 1, year 1, 00:00:00 UTC; JSON {@code null}. */
    public static final Time ZERO = new Time(Instant.parse("0001-01-01T00:00:00Z"));

    private final Instant instant;

    private Time(Instant instant) {
        this.instant = instant.truncatedTo(ChronoUnit.SECONDS);
    }

    /** Go's zero value. */
    public static Time zero() {
        return ZERO;
    }

    /** The given instant, truncated to whole seconds. */
    public static Time of(Instant instant) {
        return new Time(Objects.requireNonNull(instant, "instant"));
    }

    public static Time now() {
        return now(Clock.systemUTC());
    }

    public static Time now(Clock clock) {
        return new Time(clock.instant());
    }

    public static Time ofEpochSecond(long epochSecond) {
        return new Time(Instant.ofEpochSecond(epochSecond));
    }

    /**
     * Parses as Go's {@code time.Parse(time.RFC3339, s)} and truncates to whole seconds.
     *
     * @throws IllegalArgumentException with Go's error text, e.g.
     *         {@code parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"}
     */
    public static Time parse(String s) {
        return new Time(GoTimeLayout.RFC3339.parse(Objects.requireNonNull(s, "s")));
    }

    /** For tree-based codecs: decodes a JSON value as {@code metav1.Time.UnmarshalJSON} does (null is zero). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Time fromJson(JsonNode node) {
        Instant instant = GoTimeLayout.RFC3339.decodeJson(node);
        return instant == null ? ZERO : new Time(instant);
    }

    public Instant instant() {
        return instant;
    }

    public long epochSecond() {
        return instant.getEpochSecond();
    }

    public boolean isZero() {
        return instant.equals(ZERO.instant);
    }

    public boolean isBefore(Time other) {
        return instant.isBefore(other.instant);
    }

    public boolean isAfter(Time other) {
        return instant.isAfter(other.instant);
    }

    /** The JSON value: the RFC 3339 string, or null for the zero time. */
    @JsonValue
    public String toJson() {
        return isZero() ? null : toString();
    }

    /** RFC 3339 in UTC with whole seconds (also for the zero time, which JSON writes as null). */
    @Override
    public String toString() {
        return GoTimeLayout.RFC3339.format(instant);
    }

    @Override
    public int compareTo(Time other) {
        return instant.compareTo(other.instant);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Time other && instant.equals(other.instant);
    }

    @Override
    public int hashCode() {
        return instant.hashCode();
    }
}
