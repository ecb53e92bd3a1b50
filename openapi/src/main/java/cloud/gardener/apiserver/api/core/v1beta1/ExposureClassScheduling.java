package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ExposureClassScheduling holds information to select applicable Seed's for ExposureClass usage.")
public record ExposureClassScheduling(
        @Doc("SeedSelector is an optional label selector for Seed's which are suitable to use the ExposureClass.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        SeedSelector seedSelector,

        @Doc("Tolerations contains the tolerations for taints on Seed clusters.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "key")
        List<Toleration> tolerations) {}
