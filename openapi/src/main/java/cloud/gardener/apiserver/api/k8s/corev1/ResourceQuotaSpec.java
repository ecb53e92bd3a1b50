package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;
import java.util.Map;

@Doc("ResourceQuotaSpec defines the desired hard limits to enforce for Quota.")
public record ResourceQuotaSpec(
        @Doc("hard is the set of desired hard limits for each named resource. More info: "
                + "https://kubernetes.io/docs/concepts/policy/resource-quotas/")
        @ProtoTag(1)
        @OmitEmpty
        Map<String, Quantity> hard,

        @Doc("A collection of filters that must match each object tracked by a quota. If not specified, the quota "
                + "matches all objects.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<String> scopes,

        @Doc("scopeSelector is also a collection of filters like scopes that must match each object tracked by a "
                + "quota but expressed using ScopeSelectorOperator in combination with possible values. For a "
                + "resource to match, both scopes AND scopeSelector (if specified in spec), must be matched.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        ScopeSelector scopeSelector) {}
