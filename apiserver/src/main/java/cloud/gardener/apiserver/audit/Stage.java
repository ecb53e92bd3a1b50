package cloud.gardener.apiserver.audit;

/** Where in its life a request was when an event was written, as audit.k8s.io/v1's Stage. */
public enum Stage {
    /** As soon as the request is authenticated, before anything else happens to it. */
    REQUEST_RECEIVED("RequestReceived"),
    /** When the response head is sent; only for long-running requests (watches). */
    RESPONSE_STARTED("ResponseStarted"),
    /** When the response is complete. */
    RESPONSE_COMPLETE("ResponseComplete"),
    /** When the handler failed unexpectedly. */
    PANIC("Panic");

    private final String wire;

    Stage(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Stage parse(String wire) {
        for (Stage stage : values()) {
            if (stage.wire.equals(wire)) {
                return stage;
            }
        }
        throw new IllegalArgumentException("Unsupported value: \"" + wire + "\": supported values: "
                + "\"RequestReceived\", \"ResponseStarted\", \"ResponseComplete\", \"Panic\"");
    }
}
