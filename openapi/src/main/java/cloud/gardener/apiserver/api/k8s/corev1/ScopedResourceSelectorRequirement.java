package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("A scoped-resource selector requirement is a selector that contains values, a scope name, and an operator "
        + "that relates the scope name and values.")
public record ScopedResourceSelectorRequirement(
        @Doc("The name of the scope that the selector applies to.\n\nPossible enum values:\n - `\"BestEffort\"` "
                + "Match all pod objects that have best effort quality of service\n - "
                + "`\"CrossNamespacePodAffinity\"` Match all pod objects that have cross-namespace pod "
                + "(anti)affinity mentioned.\n - `\"NotBestEffort\"` Match all pod objects that do not have best "
                + "effort quality of service\n - `\"NotTerminating\"` Match all pod objects where "
                + "spec.activeDeadlineSeconds is nil\n - `\"PriorityClass\"` Match all pod objects that have "
                + "priority class mentioned\n - `\"Terminating\"` Match all pod objects where "
                + "spec.activeDeadlineSeconds >=0\n - `\"VolumeAttributesClass\"` Match all pvc objects that have "
                + "volume attributes class mentioned.")
        @ProtoTag(1)
        String scopeName,

        @Doc("Represents a scope's relationship to a set of values. Valid operators are In, NotIn, Exists, "
                + "DoesNotExist.\n\nPossible enum values:\n - `\"DoesNotExist\"`\n - `\"Exists\"`\n - `\"In\"`\n - "
                + "`\"NotIn\"`")
        @ProtoTag(2)
        String operator,

        @Doc("An array of string values. If the operator is In or NotIn, the values array must be non-empty. If "
                + "the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced "
                + "during a strategic merge patch.")
        @ProtoTag(3)
        @OmitEmpty
        @ListType("atomic")
        List<String> values) {}
