package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("The node this Taint is attached to has the \"effect\" on any pod that does not tolerate the Taint.")
public record Taint(
        @Doc("Required. The taint key to be applied to a node.") @ProtoTag(1)
        String key,

        @Doc("The taint value corresponding to the taint key.") @ProtoTag(2) @OmitEmpty
        String value,

        @Doc("Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are "
                + "NoSchedule, PreferNoSchedule and NoExecute.")
        @ProtoTag(3)
        String effect,

        @Doc("TimeAdded represents the time at which the taint was added.") @ProtoTag(4) @OmitEmpty @Ptr
        Time timeAdded) {}
