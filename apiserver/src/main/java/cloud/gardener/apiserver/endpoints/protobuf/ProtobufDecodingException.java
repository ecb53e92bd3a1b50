package cloud.gardener.apiserver.endpoints.protobuf;

import java.io.IOException;

/**
 * A protobuf body that does not decode. An {@link IOException}, like Jackson's parse errors, so body readers
 * handle both the same way.
 */
public final class ProtobufDecodingException extends IOException {

    public ProtobufDecodingException(String message) {
        super(message);
    }
}
