package cloud.gardener.apiserver.api.model;

/**
 * A value of the wrong JSON type, reported as Go's encoding/json does, e.g.
 * {@code json: cannot unmarshal number into Go struct field ShootSpec.spec.region of type string}.
 */
public final class DecodeException extends RuntimeException {

    public DecodeException(String message) {
        super(message, null, false, false);
    }
}
