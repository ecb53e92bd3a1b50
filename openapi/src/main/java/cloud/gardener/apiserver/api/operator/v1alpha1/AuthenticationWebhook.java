package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("AuthenticationWebhook contains settings related to an authentication webhook configuration.")
public record AuthenticationWebhook(
        @Doc("CacheTTL is the duration to cache responses from the webhook authenticator.") @OmitEmpty @Ptr
        Duration cacheTTL,

        @Doc("KubeconfigSecretName specifies the name of a secret containing the kubeconfig for this webhook.")
        String kubeconfigSecretName,

        @Doc("Version is the API version to send and expect from the webhook.") @OmitEmpty @Ptr
        String version) {}
