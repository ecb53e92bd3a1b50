package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("AuthorizerKubeconfigReference is a reference for a kubeconfig for a authorization webhook.")
public record AuthorizerKubeconfigReference(
        @Doc("AuthorizerName is the name of a webhook authorizer.") @ProtoTag(1)
        String authorizerName,

        @Doc("SecretName is the name of a secret containing the kubeconfig.") @ProtoTag(2)
        String secretName) {}
