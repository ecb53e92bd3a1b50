package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("AuditWebhook contains settings related to an audit webhook configuration.")
public record AuditWebhook(
        @Doc("BatchMaxSize is the maximum size of a batch.") @OmitEmpty
        Integer batchMaxSize,

        @Doc("KubeconfigSecretName specifies the name of a secret containing the kubeconfig for this webhook.")
        String kubeconfigSecretName,

        @Doc("Version is the API version to send and expect from the webhook.") @OmitEmpty @Ptr
        String version) {}
