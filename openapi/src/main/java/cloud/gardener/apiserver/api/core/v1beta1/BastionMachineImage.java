package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("BastionMachineImage contains the bastions machine image properties")
public record BastionMachineImage(
        @Doc("Name of the machine image") @ProtoTag(1) String name,

        @Doc("Version of the machine image") @ProtoTag(2) @OmitEmpty @Ptr
        String version) {}
