package cloud.gardener.apiserver.endpoints.options;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;

/**
 * The list {@code continue} token of {@code k8s.io/apiserver/pkg/storage/continue.go}: base64url without
 * padding of {@code {"v":"meta.k8s.io/v1","rv":<revision>,"start":"<key relative to the list prefix>"}}.
 *
 * @param resourceVersion the revision the first page was read at (all pages are read at it)
 * @param start           the key to continue from, relative to the list's key prefix (e.g. {@code ns/name\0})
 */
public record ContinueToken(long resourceVersion, String start) {

    public static final String VERSION = "meta.k8s.io/v1";

    /** The revision of an "inconsistent continue" token: continue at the latest revision, not a snapshot. */
    public static final long INCONSISTENT_RESOURCE_VERSION = -1;

    /** Whether this token continues at the latest revision rather than at the first page's snapshot. */
    public boolean inconsistent() {
        return resourceVersion < 0;
    }

    /** The token for continuing at {@code start} (relative to the key prefix) at revision {@code resourceVersion}. */
    public static String encode(long resourceVersion, String start) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("v", VERSION);
        node.put("rv", resourceVersion);
        node.put("start", start);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.toBytes(node));
    }

    /**
     * {@code EncodeContinue}: the token for a full storage key under {@code keyPrefix}.
     *
     * @throws IllegalArgumentException when the key is not under the prefix
     */
    public static String encode(String key, String keyPrefix, long resourceVersion) {
        if (!key.startsWith(keyPrefix) || keyPrefix.isEmpty()) {
            throw new IllegalArgumentException("unable to encode next field: the key and key prefix do not match");
        }
        return encode(resourceVersion, key.substring(keyPrefix.length()));
    }

    /** The full storage key to continue from. */
    public String startKey(String keyPrefix) {
        return keyPrefix + start;
    }

    /**
     * {@code DecodeContinue}: the start comes back relative and normalised (a {@code ..} or {@code //} that
     * would escape the prefix is rejected).
     *
     * @throws ApiException 400 {@code invalid continue token: continue key is not valid...}
     */
    public static ContinueToken decode(String token) {
        byte[] data;
        try {
            data = decodeBase64(token);
        } catch (IllegalArgumentException e) {
            throw invalid("continue key is not valid: " + e.getMessage());
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(data);
        } catch (java.io.IOException e) {
            throw invalid("continue key is not valid: " + jsonSyntaxMessage(e));
        }
        if (node == null || node.isMissingNode()) {
            throw invalid("continue key is not valid: unexpected end of JSON input");
        }
        if (!node.isObject() && !node.isNull()) {
            throw invalid("continue key is not valid: json: cannot unmarshal " + kind(node)
                    + " into Go value of type storage.continueToken");
        }
        String version = text(node, "v");
        long rv = int64(node, "rv");
        String start = text(node, "start");
        if (!VERSION.equals(version)) {
            throw invalid("continue key is not valid: server does not recognize this encoded version " + version);
        }
        if (rv == 0) {
            throw invalid(
                    "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
        }
        if (start.isEmpty()) {
            throw invalid("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)");
        }
        String key = start.startsWith("/") ? start : "/" + start;
        if (!GoPaths.clean(key).equals(key)) {
            throw invalid("continue key is not valid: " + start);
        }
        return new ContinueToken(rv, key.substring(1));
    }

    private static ApiException invalid(String why) {
        return ApiException.badRequest("invalid continue token: " + why);
    }

    /** Go's {@code base64.RawURLEncoding.DecodeString}, including its error text and offsets. */
    private static byte[] decodeBase64(String s) {
        StringBuilder clean = new StringBuilder(s.length());
        int[] offsets = new int[s.length()];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\r' || c == '\n') {
                continue;
            }
            boolean alphabet =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!alphabet) {
                throw new IllegalArgumentException("illegal base64 data at input byte " + i);
            }
            offsets[clean.length()] = i;
            clean.append(c);
        }
        if (clean.length() % 4 == 1) {
            throw new IllegalArgumentException("illegal base64 data at input byte " + offsets[clean.length() - 1]);
        }
        return Base64.getUrlDecoder().decode(clean.toString());
    }

    /** Go's JSON decoding matches struct fields case-insensitively; the last match wins. */
    private static JsonNode field(JsonNode node, String name) {
        JsonNode found = null;
        Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equalsIgnoreCase(name)) {
                found = e.getValue();
            }
        }
        return found;
    }

    private static String text(JsonNode node, String name) {
        JsonNode v = field(node, name);
        if (v == null || v.isNull()) {
            return "";
        }
        if (!v.isTextual()) {
            throw invalid("continue key is not valid: json: cannot unmarshal " + kind(v)
                    + " into Go struct field continueToken." + name + " of type string");
        }
        return v.asText();
    }

    private static long int64(JsonNode node, String name) {
        JsonNode v = field(node, name);
        if (v == null || v.isNull()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            String shown = v.isNumber() ? "number " + v.asText() : kind(v);
            throw invalid("continue key is not valid: json: cannot unmarshal " + shown
                    + " into Go struct field continueToken." + name + " of type int64");
        }
        return v.asLong();
    }

    private static String kind(JsonNode v) {
        return switch (v.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "bool";
            default -> "null";
        };
    }

    private static String jsonSyntaxMessage(java.io.IOException e) {
        String msg = e.getMessage() == null ? "" : e.getMessage();
        if (msg.contains("end-of-input") || msg.contains("end of input")) {
            return "unexpected end of JSON input";
        }
        int nl = msg.indexOf('\n');
        return "invalid character: " + (nl < 0 ? msg : msg.substring(0, nl));
    }
}
