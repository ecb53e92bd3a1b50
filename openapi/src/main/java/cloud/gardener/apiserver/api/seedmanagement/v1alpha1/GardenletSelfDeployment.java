package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("GardenletSelfDeployment specifies certain gardenlet deployment parameters, such as the number of replicas, "
        + "the image, etc.")
public record GardenletSelfDeployment(
        @ProtoTag(1) @Inline GardenletDeployment gardenletDeployment,

        @Doc("Helm is the Helm deployment configuration.") @ProtoTag(2)
        GardenletHelm helm,

        @Doc("ImageVectorOverwrite is the image vector overwrite for the components deployed by this gardenlet.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String imageVectorOverwrite,

        @Doc("ComponentImageVectorOverwrite is the component image vector overwrite for the components deployed by "
                + "this gardenlet.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String componentImageVectorOverwrite) {}
