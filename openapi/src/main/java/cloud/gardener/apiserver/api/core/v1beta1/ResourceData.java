package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.ProtoTag;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ResourceData holds the data of a resource referred to by an extension controller state.")
public record ResourceData(
        @ProtoTag(value = 1, name = "ref") @Inline CrossVersionObjectReference crossVersionObjectReference,
        @Doc("Data of the resource") @ProtoTag(2) JsonNode data) {}
