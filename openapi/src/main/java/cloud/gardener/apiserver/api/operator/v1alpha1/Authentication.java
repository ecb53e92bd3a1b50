package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Authentication contains settings related to authentication.")
public record Authentication(
        @Doc("Webhook contains settings related to an authentication webhook configuration.") @OmitEmpty @Ptr
        AuthenticationWebhook webhook) {}
