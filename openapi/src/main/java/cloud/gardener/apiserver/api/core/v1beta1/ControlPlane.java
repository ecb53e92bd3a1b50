package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ControlPlane holds information about the general settings for the control plane of a shoot.")
public record ControlPlane(
        @Doc("HighAvailability holds the configuration settings for high availability of the control plane "
                + "of a shoot.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        HighAvailability highAvailability,

        @Doc("Zones is a list of availability zones in which the control plane components should be placed. "
                + "Requires the referenced CloudProfile to have spec.controlPlane.allowZonePinning set to true. "
                + "This field is immutable once set.")
        @ProtoTag(2)
        @OmitEmpty
        List<String> zones) {}
