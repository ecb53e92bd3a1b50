package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import java.util.Map;

@Doc("ConfigMap holds configuration data for pods to consume.")
public record ConfigMap(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("Immutable, if set to true, ensures that data stored in the ConfigMap cannot be updated (only object "
                + "metadata can be modified). If not set to true, the field can be modified at any time. Defaulted "
                + "to nil.")
        @ProtoTag(4)
        @OmitEmpty
        Boolean immutable,

        @Doc("Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or "
                + "'.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data "
                + "must not overlap with the keys in the BinaryData field, this is enforced during validation "
                + "process.")
        @ProtoTag(2)
        @OmitEmpty
        Map<String, String> data,

        @Doc("BinaryData contains the binary data. Each key must consist of alphanumeric characters, '-', '_' or "
                + "'.'. BinaryData can contain byte sequences that are not in the UTF-8 range. The keys stored in "
                + "BinaryData must not overlap with the ones in the Data field, this is enforced during validation "
                + "process. Using this field will require 1.10+ apiserver and kubelet. Note: BinaryData keys are not "
                + "currently propagated to container env vars via ConfigMapKeyRef or ConfigMapRef env sources; only "
                + "Data keys are used.")
        @ProtoTag(3)
        @OmitEmpty
        Map<String, Base64Bytes> binaryData) {}
