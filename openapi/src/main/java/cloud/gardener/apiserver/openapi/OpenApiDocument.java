package cloud.gardener.apiserver.openapi;

import java.util.Arrays;

/**
 * A precomputed, immutable OpenAPI document: its JSON bytes and their hash (upper-case hex SHA-512),
 * which is both the {@code ?hash=} of v3 links and, quoted, the {@code ETag}.
 */
@SuppressWarnings("ArrayRecordComponent") // carries bytes through, unshared; never compared or hashed as a whole
public record OpenApiDocument(byte[] json, String hash) {

    static OpenApiDocument of(byte[] json) {
        return new OpenApiDocument(json, ContentHash.sha512Hex(json));
    }

    /** The JSON bytes; callers must not modify them (served as they are, many times). */
    @Override
    public byte[] json() {
        return json;
    }

    /** The {@code ETag} header value: the hash in double quotes. */
    public String etag() {
        return "\"" + hash + "\"";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OpenApiDocument other && hash.equals(other.hash) && Arrays.equals(json, other.json);
    }

    @Override
    public int hashCode() {
        return hash.hashCode();
    }

    @Override
    public String toString() {
        return "OpenApiDocument[" + json.length + " bytes, hash=" + hash + "]";
    }
}
