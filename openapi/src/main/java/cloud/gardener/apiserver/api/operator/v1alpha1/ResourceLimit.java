package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;

@Doc("ResourceLimit contains settings about a kind and the size each resource should have at most.")
public record ResourceLimit(
        @Doc("APIGroups is the name of the APIGroup that contains the limited resource. WildcardAll represents all "
                + "groups.")
        @OmitEmpty
        List<String> apiGroups,

        @Doc("APIVersions is the version of the resource. WildcardAll represents all versions.") @OmitEmpty
        List<String> apiVersions,

        @Doc("Resources is the name of the resource this rule applies to. WildcardAll represents all resources.")
        List<String> resources,

        @Doc("Size specifies the imposed limit.") @OmitEmpty @Ptr
        Quantity size,

        @Doc("Count specifies the maximum number of resources of the given kind. Only cluster-scoped resources are "
                + "considered.")
        @OmitEmpty
        Long count) {}
