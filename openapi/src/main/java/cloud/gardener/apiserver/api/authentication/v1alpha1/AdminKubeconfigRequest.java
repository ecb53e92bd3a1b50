package cloud.gardener.apiserver.api.authentication.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("AdminKubeconfigRequest can be used to request a kubeconfig with admin credentials for a Shoot cluster.")
public record AdminKubeconfigRequest(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        @OmitEmpty ObjectMeta metadata,
        @Doc("Spec is the specification of the AdminKubeconfigRequest.")
        AdminKubeconfigRequestSpec spec,
        @Doc("Status is the status of the AdminKubeconfigRequest.")
        AdminKubeconfigRequestStatus status) {
}
