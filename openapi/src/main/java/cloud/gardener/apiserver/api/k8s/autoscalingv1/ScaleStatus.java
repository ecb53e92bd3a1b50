package cloud.gardener.apiserver.api.k8s.autoscalingv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ScaleStatus represents the current status of a scale subresource.")
public record ScaleStatus(
        @Doc("replicas is the actual number of observed instances of the scaled object.") @ProtoTag(1)
        int replicas,

        @Doc("selector is the label query over pods that should match the replicas count. This is same as the "
                + "label selector but in the string format to avoid introspection by clients. The string will be "
                + "in the same format as the query-param syntax. More info about label selectors: "
                + "https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/")
        @ProtoTag(2)
        @OmitEmpty
        String selector) {}
