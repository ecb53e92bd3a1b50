package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("AzureFile represents an Azure File Service mount on the host and bind mount to the pod.")
public record AzureFileVolumeSource(
        @Doc("secretName is the  name of secret that contains Azure Storage Account Name and Key")
        String secretName,
        @Doc("shareName is the azure share Name")
        String shareName,
        @Doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @OmitEmpty boolean readOnly) {
}
