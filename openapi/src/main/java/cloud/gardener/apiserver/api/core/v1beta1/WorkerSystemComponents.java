package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("WorkerSystemComponents contains configuration for system components related to this worker pool")
public record WorkerSystemComponents(
        @Doc("Allow determines whether the pool should be allowed to host system components or not "
                + "(defaults to true)")
        @ProtoTag(1)
        boolean allow) {}
