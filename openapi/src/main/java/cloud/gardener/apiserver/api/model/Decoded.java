package cloud.gardener.apiserver.api.model;

import java.util.List;

/**
 * A decoded object and what strict decoding would object to.
 *
 * @param value         the record, with unknown fields dropped
 * @param unknownFields paths of fields the type does not have, e.g. {@code spec.foo}, {@code spec.workers[0].bar}
 */
public record Decoded<T>(T value, List<String> unknownFields) {

    /** The problems as strict decoding prints them: {@code unknown field "spec.foo"}. */
    public List<String> problems() {
        return unknownFields.stream().map(f -> "unknown field \"" + f + "\"").toList();
    }
}
