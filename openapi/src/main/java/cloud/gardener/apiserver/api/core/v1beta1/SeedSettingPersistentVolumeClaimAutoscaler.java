package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingPersistentVolumeClaimAutoscaler controls certain settings for the persistent volume claim "
        + "autoscaler components deployed in the seed.")
public record SeedSettingPersistentVolumeClaimAutoscaler(
        @Doc("Enabled controls whether the PVC Autoscaler components shall be deployed into the garden "
                + "namespace in the seed cluster.")
        @ProtoTag(1)
        boolean enabled) {}
