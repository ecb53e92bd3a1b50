package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("PersistentVolumeClaimVolumeSource references the user's PVC in the same namespace. This volume finds the "
        + "bound PV and mounts that volume for the pod. A PersistentVolumeClaimVolumeSource is, essentially, a "
        + "wrapper around another type of volume that is owned by someone else (the system).")
public record PersistentVolumeClaimVolumeSource(
        @Doc("claimName is the name of a PersistentVolumeClaim in the same namespace as the pod using this volume. "
                + "More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#persistentvolumeclaims")
        @ProtoTag(1)
        String claimName,

        @Doc("readOnly Will force the ReadOnly setting in VolumeMounts. Default false.") @ProtoTag(2) @OmitEmpty
        boolean readOnly) {}
