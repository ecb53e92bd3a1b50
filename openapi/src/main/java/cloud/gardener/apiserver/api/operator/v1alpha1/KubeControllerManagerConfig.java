package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("KubeControllerManagerConfig contains configuration settings for the kube-controller-manager.")
public record KubeControllerManagerConfig(
        @Inline cloud.gardener.apiserver.api.core.v1beta1.KubeControllerManagerConfig kubeControllerManagerConfig,

        @Doc("CertificateSigningDuration is the maximum length of duration signed certificates will be given. "
                + "Individual CSRs may request shorter certs by setting `spec.expirationSeconds`.")
        @OmitEmpty
        @Ptr
        Duration certificateSigningDuration) {}
