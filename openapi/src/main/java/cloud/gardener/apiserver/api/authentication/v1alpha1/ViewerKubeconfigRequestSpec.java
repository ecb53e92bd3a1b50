package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ViewerKubeconfigRequestSpec contains the expiration time of the kubeconfig.")
public record ViewerKubeconfigRequestSpec(
        @Doc("ExpirationSeconds is the requested validity duration of the credential. The credential issuer may "
                + "return a credential with a different validity duration so a client needs to check the "
                + "'expirationTimestamp' field in a response. Defaults to 1 hour.")
        @ProtoTag(1)
        @OmitEmpty
        Long expirationSeconds) {}
