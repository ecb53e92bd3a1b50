package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("FieldSelectorRequirement is a selector that contains values, a key, and an operator that relates the key and "
        + "values.")
public record FieldSelectorRequirement(
        @Doc("key is the field selector key that the requirement applies to.") @ProtoTag(1)
        String key,

        @Doc("operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, "
                + "DoesNotExist. The list of operators may grow in the future.")
        @ProtoTag(2)
        String operator,

        @Doc("values is an array of string values. If the operator is In or NotIn, the values array must be "
                + "non-empty. If the operator is Exists or DoesNotExist, the values array must be empty.")
        @ProtoTag(3)
        @OmitEmpty
        @ListType("atomic")
        List<String> values) {}
