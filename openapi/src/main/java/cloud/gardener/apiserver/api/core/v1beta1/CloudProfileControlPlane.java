package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("CloudProfileControlPlane holds control-plane-related settings for a CloudProfile.")
public record CloudProfileControlPlane(
        @Doc("AllowZonePinning enables shoots to set spec.controlPlane.zones to explicitly pin their control "
                + "plane to specific seed zones. Only set to true for providers where zone names are globally "
                + "consistent across all users of the provider.")
        @ProtoTag(1)
        @OmitEmpty
        boolean allowZonePinning) {}
