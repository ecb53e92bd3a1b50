package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("WorkerControlPlane specifies that the shoot cluster control plane components should be running in "
        + "this worker pool.")
public record WorkerControlPlane(
        @Doc("Backup holds the object store configuration for the backups of shoot (currently only etcd). "
                + "If it is not specified, then there won't be any backups taken.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Backup backup,

        @Doc("Exposure holds the exposure configuration for the shoot (either `extension` or `dns` or "
                + "omitted/empty).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Exposure exposure) {}
