package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("ViewerKubeconfigRequestStatus is the status of the ViewerKubeconfigRequest containing the kubeconfig and "
        + "expiration of the credential.")
public record ViewerKubeconfigRequestStatus(
        @Doc("Kubeconfig contains the kubeconfig with viewer privileges (excluding Secrets) for the shoot cluster.")
        @ProtoTag(1)
        Base64Bytes kubeconfig,

        @Doc("ExpirationTimestamp is the expiration timestamp of the returned credential.") @ProtoTag(2)
        Time expirationTimestamp) {}
