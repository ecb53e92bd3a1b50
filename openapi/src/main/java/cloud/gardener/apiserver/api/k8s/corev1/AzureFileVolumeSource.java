package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("AzureFile represents an Azure File Service mount on the host and bind mount to the pod.")
public record AzureFileVolumeSource(
        @Doc("secretName is the  name of secret that contains Azure Storage Account Name and Key") @ProtoTag(1)
        String secretName,

        @Doc("shareName is the azure share Name") @ProtoTag(2)
        String shareName,

        @Doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly) {}
