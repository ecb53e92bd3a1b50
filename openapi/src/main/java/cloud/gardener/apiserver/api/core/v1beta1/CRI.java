package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("CRI contains information about the Container Runtimes.")
public record CRI(
        @Doc("The name of the CRI library. Supported values are `containerd`.")
        String name,
        @Doc("ContainerRuntimes is the list of the required container runtimes supported for a worker pool.")
        @OmitEmpty List<ContainerRuntime> containerRuntimes) {
}
