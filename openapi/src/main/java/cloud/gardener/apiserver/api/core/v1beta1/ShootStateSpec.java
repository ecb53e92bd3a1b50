package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ShootStateSpec is the specification of the ShootState.")
public record ShootStateSpec(
        @Doc("Gardener holds the data required to generate resources deployed by the gardenlet")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "name")
        List<GardenerResourceData> gardener,

        @Doc("Extensions holds the state of custom resources reconciled by extension controllers in the seed")
        @ProtoTag(2)
        @OmitEmpty
        List<ExtensionResourceState> extensions,

        @Doc("Resources holds the data of resources referred to by extension controller states") @ProtoTag(3) @OmitEmpty
        List<ResourceData> resources) {}
