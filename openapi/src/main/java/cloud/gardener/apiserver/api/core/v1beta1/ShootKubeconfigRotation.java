package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("ShootKubeconfigRotation contains information about the kubeconfig credential rotation.")
public record ShootKubeconfigRotation(
        @Doc("LastInitiationTime is the most recent time when the kubeconfig credential rotation was " + "initiated.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Time lastInitiationTime,

        @Doc("LastCompletionTime is the most recent time when the kubeconfig credential rotation was "
                + "successfully completed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time lastCompletionTime) {}
