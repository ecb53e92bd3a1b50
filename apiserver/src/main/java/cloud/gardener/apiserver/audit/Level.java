package cloud.gardener.apiserver.audit;

/** How much of a request an event records, as audit.k8s.io/v1's Level; ordered from least to most. */
public enum Level {
    NONE("None"),
    METADATA("Metadata"),
    REQUEST("Request"),
    REQUEST_RESPONSE("RequestResponse");

    private final String wire;

    Level(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public boolean atLeast(Level other) {
        return compareTo(other) >= 0;
    }

    /** The level of its wire name; anything else is refused with upstream's message. */
    public static Level parse(String wire) {
        for (Level level : values()) {
            if (level.wire.equals(wire)) {
                return level;
            }
        }
        throw new IllegalArgumentException("Unsupported value: \"" + wire + "\": supported values: \"None\", "
                + "\"Metadata\", \"Request\", \"RequestResponse\"");
    }
}
