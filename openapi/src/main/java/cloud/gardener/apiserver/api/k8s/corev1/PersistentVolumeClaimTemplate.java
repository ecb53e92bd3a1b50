package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("PersistentVolumeClaimTemplate is used to produce PersistentVolumeClaim objects as part of an "
        + "EphemeralVolumeSource.")
public record PersistentVolumeClaimTemplate(
        @Doc("May contain labels and annotations that will be copied into the PVC when creating it. No other "
                + "fields are allowed and will be rejected during validation.")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("The specification for the PersistentVolumeClaim. The entire content is copied unchanged into the PVC "
                + "that gets created from this template. The same fields as in a PersistentVolumeClaim are also "
                + "valid here.")
        @ProtoTag(2)
        PersistentVolumeClaimSpec spec) {}
