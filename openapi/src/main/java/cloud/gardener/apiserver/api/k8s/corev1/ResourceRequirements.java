package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;
import java.util.Map;

@Doc("ResourceRequirements describes the compute resource requirements.")
public record ResourceRequirements(
        @Doc("Limits describes the maximum amount of compute resources allowed. More info: "
                + "https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/")
        @ProtoTag(1)
        @OmitEmpty
        Map<String, Quantity> limits,

        @Doc("Requests describes the minimum amount of compute resources required. If Requests is omitted for a "
                + "container, it defaults to Limits if that is explicitly specified, otherwise to an "
                + "implementation-defined value. Requests cannot exceed Limits. More info: "
                + "https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/")
        @ProtoTag(2)
        @OmitEmpty
        Map<String, Quantity> requests,

        @Doc("Claims lists the names of resources, defined in spec.resourceClaims, that are used by this "
                + "container.\n\nThis field depends on the DynamicResourceAllocation feature gate.\n\nThis field "
                + "is immutable. It can only be set for containers.")
        @ProtoTag(3)
        @OmitEmpty
        @ListType(value = "map", keys = "name")
        List<ResourceClaim> claims) {}
