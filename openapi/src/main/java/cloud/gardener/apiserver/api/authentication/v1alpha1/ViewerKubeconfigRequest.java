package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ViewerKubeconfigRequest can be used to request a kubeconfig with viewer credentials (excluding Secrets) for "
        + "a Shoot cluster.")
public record ViewerKubeconfigRequest(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec is the specification of the ViewerKubeconfigRequest.") @ProtoTag(2)
        ViewerKubeconfigRequestSpec spec,

        @Doc("Status is the status of the ViewerKubeconfigRequest.") @ProtoTag(3)
        ViewerKubeconfigRequestStatus status) {}
