package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.StructType;
import java.util.List;

@Doc("A scope selector represents the AND of the selectors represented by the scoped-resource selector "
        + "requirements.")
@StructType("atomic")
public record ScopeSelector(
        @Doc("A list of scope selector requirements by scope of the resources.")
        @ProtoTag(1)
        @OmitEmpty
        @ListType("atomic")
        List<ScopedResourceSelectorRequirement> matchExpressions) {}
