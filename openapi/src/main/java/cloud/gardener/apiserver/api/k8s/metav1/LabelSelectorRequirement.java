package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("A label selector requirement is a selector that contains values, a key, and an operator that relates the key "
        + "and values.")
public record LabelSelectorRequirement(
        @Doc("key is the label key that the selector applies to.") @ProtoTag(1)
        String key,

        @Doc("operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists and "
                + "DoesNotExist.")
        @ProtoTag(2)
        String operator,

        @Doc("values is an array of string values.") @ProtoTag(3) @OmitEmpty @ListType("atomic")
        List<String> values) {}
