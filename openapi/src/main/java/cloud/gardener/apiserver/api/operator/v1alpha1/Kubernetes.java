package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Kubernetes contains the version and configuration options for the Kubernetes components of the virtual "
        + "garden cluster.")
public record Kubernetes(
        @Doc("KubeAPIServer contains configuration settings for the kube-apiserver.") @OmitEmpty @Ptr
        KubeAPIServerConfig kubeAPIServer,

        @Doc("KubeControllerManager contains configuration settings for the kube-controller-manager.") @OmitEmpty @Ptr
        KubeControllerManagerConfig kubeControllerManager,

        @Doc("Version is the semantic Kubernetes version to use for the virtual garden cluster.")
        String version) {}
