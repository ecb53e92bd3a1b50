package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ControlPlane holds information about the general settings for the control plane of the virtual garden "
        + "cluster.")
public record ControlPlane(
        @Doc("HighAvailability holds the configuration settings for high availability settings.") @OmitEmpty @Ptr
        HighAvailability highAvailability) {}
