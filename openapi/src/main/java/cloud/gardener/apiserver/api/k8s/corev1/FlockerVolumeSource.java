package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a Flocker volume mounted by the Flocker agent. One and only one of datasetName and datasetUUID "
        + "should be set. Flocker volumes do not support ownership management or SELinux relabeling.")
public record FlockerVolumeSource(
        @Doc("datasetName is Name of the dataset stored as metadata -> name on the dataset for Flocker should be "
                + "considered as deprecated")
        @ProtoTag(1)
        @OmitEmpty
        String datasetName,

        @Doc("datasetUUID is the UUID of the dataset. This is unique identifier of a Flocker dataset")
        @ProtoTag(2)
        @OmitEmpty
        String datasetUUID) {}
