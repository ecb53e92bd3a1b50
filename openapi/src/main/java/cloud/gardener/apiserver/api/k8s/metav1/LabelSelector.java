package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;
import java.util.Map;

@Doc("A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are "
        + "ANDed. An empty label selector matches all objects. A null label selector matches no objects.")
public record LabelSelector(
        @Doc("matchLabels is a map of {key,value} pairs.") @ProtoTag(1) @OmitEmpty
        Map<String, String> matchLabels,

        @Doc("matchExpressions is a list of label selector requirements. The requirements are ANDed.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<LabelSelectorRequirement> matchExpressions) {}
