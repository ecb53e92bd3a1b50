package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("BastionMachineType contains the bastions machine type properties")
public record BastionMachineType(
        @Doc("Name of the machine type")
        String name) {
}
