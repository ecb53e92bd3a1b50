package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("MaintenanceAutoRotation contains information about which rotations should be automatically performed.")
public record MaintenanceAutoRotation(
        @Doc("Credentials contains information about which credentials should be automatically rotated.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        MaintenanceCredentialsAutoRotation credentials) {}
