package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Decodes Kubernetes protobuf request bodies ({@value #MEDIA_TYPE}) into the JSON tree the JSON body of the same
 * object would give, for the kinds clients send as protobuf here: core/v1 Namespace, Secret and ConfigMap, and
 * DeleteOptions. Responses stay JSON; only request bodies need this.
 */
public final class ProtobufDecoder {

    public static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";

    private ProtobufDecoder() {
    }

    /** Whether a body meant for {@code into} can be decoded (else the body format is unsupported, 415). */
    public static boolean supports(GroupVersionKind into) {
        return KubernetesMessages.forKind(into).isPresent();
    }

    /**
     * Decodes a body as the message of {@code into}. The result's {@code kind} and {@code apiVersion} are the
     * envelope's, with empty parts defaulted from {@code into} as the protobuf serializer does; checking them
     * against the endpoint is the caller's business, as for JSON.
     *
     * @throws ProtobufDecodingException when the body is not a Kubernetes protobuf message of that shape
     * @throws IllegalArgumentException  when {@code into} is not {@linkplain #supports(GroupVersionKind) supported}
     */
    public static ObjectNode decode(byte[] body, GroupVersionKind into) throws ProtobufDecodingException {
        MessageSpec spec = KubernetesMessages.forKind(into)
                .orElseThrow(() -> new IllegalArgumentException("no protobuf decoder for " + into));
        Envelope envelope = Envelope.parse(body);
        ObjectNode object = JsonRenderer.render(WireDecoder.decode(spec, envelope.raw()));
        GroupVersionKind actual = withDefaults(envelope, into);
        ObjectNode out = Json.MAPPER.createObjectNode();
        if (!actual.kind().isEmpty()) {
            out.put("kind", actual.kind());
        }
        if (!actual.version().isEmpty()) {
            out.put("apiVersion", actual.apiVersion());
        }
        out.setAll(object);
        return out;
    }

    /** {@code copyKindDefaults}: an empty kind, or an empty version (with its group), is taken from {@code into}. */
    private static GroupVersionKind withDefaults(Envelope envelope, GroupVersionKind into) {
        String group = "";
        String version = "";
        String apiVersion = envelope.apiVersion();
        int slash = apiVersion.indexOf('/');
        if (slash < 0) {
            version = apiVersion;
        } else if (apiVersion.indexOf('/', slash + 1) < 0) {
            group = apiVersion.substring(0, slash);
            version = apiVersion.substring(slash + 1);
        } // more than one slash does not parse: the whole apiVersion counts as empty, as in Go
        if (version.isEmpty()) {
            group = into.group();
            version = into.version();
        }
        String kind = envelope.kind().isEmpty() ? into.kind() : envelope.kind();
        return new GroupVersionKind(group, version, kind);
    }
}
