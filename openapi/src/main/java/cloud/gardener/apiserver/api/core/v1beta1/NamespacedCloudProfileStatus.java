package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("NamespacedCloudProfileStatus holds the most recently observed status of the NamespacedCloudProfile.")
public record NamespacedCloudProfileStatus(
        @Doc("CloudProfile is the most recently generated CloudProfile of the NamespacedCloudProfile.")
        @ProtoTag(1)
        @OmitEmpty
        CloudProfileSpec cloudProfileSpec,

        @Doc("ObservedGeneration is the most recent generation observed for this NamespacedCloudProfile.")
        @ProtoTag(2)
        @OmitEmpty
        long observedGeneration) {}
