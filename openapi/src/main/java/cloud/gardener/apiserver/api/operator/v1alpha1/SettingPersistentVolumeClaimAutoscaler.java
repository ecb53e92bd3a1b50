package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("SettingPersistentVolumeClaimAutoscaler controls the pvc-autoscaler settings for the garden cluster.")
public record SettingPersistentVolumeClaimAutoscaler(
        @Doc("Enabled controls whether the PVC Autoscaler components shall be deployed into the garden namespace "
                + "in the garden cluster.")
        boolean enabled) {}
