package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("CRI contains information about the Container Runtimes.")
public record CRI(
        @Doc("The name of the CRI library. Supported values are `containerd`.") @ProtoTag(1)
        String name,

        @Doc("ContainerRuntimes is the list of the required container runtimes supported for a worker pool.")
        @ProtoTag(2)
        @OmitEmpty
        List<ContainerRuntime> containerRuntimes) {}
