package cloud.gardener.apiserver.authn;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request headers an authenticator may read: names compare case-insensitively, a name may repeat.
 * The server adapts its own header type to this (or copies into {@link #of(Map)}).
 */
public interface RequestHeaders {

    /** Every value of the header, in request order; empty when absent. */
    List<String> getAll(String name);

    /** The names present, lower-cased. */
    Set<String> names();

    /** The first value of the header, or {@code null}. */
    default String get(String name) {
        List<String> values = getAll(name);
        return values.isEmpty() ? null : values.get(0);
    }

    /** A copy of {@code headers}; keys differing only in case are merged in iteration order. */
    static RequestHeaders of(Map<String, List<String>> headers) {
        return MapRequestHeaders.copyOf(headers);
    }

    static RequestHeaders empty() {
        return MapRequestHeaders.EMPTY;
    }
}
