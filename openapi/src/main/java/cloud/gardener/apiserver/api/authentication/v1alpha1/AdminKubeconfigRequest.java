package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("AdminKubeconfigRequest can be used to request a kubeconfig with admin credentials for a Shoot cluster.")
public record AdminKubeconfigRequest(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Spec is the specification of the AdminKubeconfigRequest.") @ProtoTag(2)
        AdminKubeconfigRequestSpec spec,

        @Doc("Status is the status of the AdminKubeconfigRequest.") @ProtoTag(3)
        AdminKubeconfigRequestStatus status) {}
