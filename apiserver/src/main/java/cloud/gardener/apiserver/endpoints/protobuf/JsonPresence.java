package cloud.gardener.apiserver.endpoints.protobuf;

/** When a field appears in the JSON form, following the Go struct's field kind and json tag. */
enum JsonPresence {
    /** No {@code omitempty}, or a non-pointer struct (which {@code omitempty} never omits): always written. */
    ALWAYS,
    /** {@code omitempty} (or {@code omitzero}) on a value: left out when zero or empty. */
    OMIT_EMPTY,
    /** {@code omitempty} on a pointer: written exactly when the field was on the wire. */
    IF_PRESENT
}
