package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("BastionMachineType contains the bastions machine type properties")
public record BastionMachineType(
        @Doc("Name of the machine type") @ProtoTag(1) String name) {}
