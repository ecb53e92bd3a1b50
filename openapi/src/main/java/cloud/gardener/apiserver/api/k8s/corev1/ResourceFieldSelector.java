package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("ResourceFieldSelector represents container resources (cpu, memory) and their output format")
@StructType("atomic")
public record ResourceFieldSelector(
        @Doc("Container name: required for volumes, optional for env vars") @ProtoTag(1) @OmitEmpty
        String containerName,

        @Doc("Required: resource to select") @ProtoTag(2) String resource,

        @Doc("Specifies the output format of the exposed resources, defaults to \"1\"") @ProtoTag(3) @OmitEmpty
        Quantity divisor) {}
