package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.StructType;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("ResourceFieldSelector represents container resources (cpu, memory) and their output format")
@StructType("atomic")
public record ResourceFieldSelector(
        @Doc("Container name: required for volumes, optional for env vars")
        @OmitEmpty String containerName,
        @Doc("Required: resource to select")
        String resource,
        @Doc("Specifies the output format of the exposed resources, defaults to \"1\"")
        @OmitEmpty Quantity divisor) {
}
