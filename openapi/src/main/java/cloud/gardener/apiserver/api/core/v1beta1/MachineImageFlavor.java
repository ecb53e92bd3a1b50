package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A wrapper of {@code Capabilities} whose Go type has its own MarshalJSON/UnmarshalJSON: on the wire it is the bare
 * capabilities map ({@code {"architecture":["amd64"]}}), not an object with a field. A record cannot say that, so
 * this is a value type bound by Jackson; a null map stands for Go's nil map (encoded as {@code null}).
 */
@Doc("MachineImageFlavor is a wrapper for Capabilities. This is a workaround as the Protobuf generator can't handle a "
        + "slice of maps.")
public final class MachineImageFlavor {

    private final Map<String, List<String>> capabilities;

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public MachineImageFlavor(Map<String, List<String>> capabilities) {
        this.capabilities = capabilities == null ? null : Collections.unmodifiableMap(new TreeMap<>(capabilities));
    }

    /** The capabilities by name, sorted as Go encodes map keys; null for Go's nil map. */
    @JsonValue
    public Map<String, List<String>> capabilities() {
        return capabilities;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MachineImageFlavor other && Objects.equals(capabilities, other.capabilities);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(capabilities);
    }

    @Override
    public String toString() {
        return String.valueOf(capabilities);
    }
}
