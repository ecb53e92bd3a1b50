package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import java.util.Map;

@Doc("Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less "
        + "than MaxSecretSize bytes.")
public record Secret(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Immutable, if set to true, ensures that data stored in the Secret cannot be updated (only object "
                + "metadata can be modified). If not set to true, the field can be modified at any time. Defaulted "
                + "to nil.")
        @ProtoTag(5)
        @OmitEmpty
        Boolean immutable,

        @Doc("Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The "
                + "serialized form of the secret data is a base64 encoded string, representing the arbitrary "
                + "(possibly non-string) data value here. Described in "
                + "https://tools.ietf.org/html/rfc4648#section-4")
        @ProtoTag(2)
        @OmitEmpty
        Map<String, Base64Bytes> data,

        @Doc("stringData allows specifying non-binary secret data in string form. It is provided as a write-only "
                + "input field for convenience. All keys and values are merged into the data field on write, "
                + "overwriting any existing values. The stringData field is never output when reading from the API.")
        @ProtoTag(4)
        @OmitEmpty
        Map<String, String> stringData,

        @Doc("Used to facilitate programmatic handling of secret data. More info: "
                + "https://kubernetes.io/docs/concepts/configuration/secret/#secret-types")
        @ProtoTag(3)
        @OmitEmpty
        String type) {}
