package cloud.gardener.apiserver.api.k8s.autoscalingv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ScaleSpec describes the attributes of a scale subresource.")
public record ScaleSpec(
        @Doc("replicas is the desired number of instances for the scaled object.") @ProtoTag(1) @OmitEmpty
        int replicas) {}
