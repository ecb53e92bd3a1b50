package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("NamespaceStatus is information about the current status of a Namespace.")
public record NamespaceStatus(
        @Doc("Phase is the current lifecycle phase of the namespace. More info: "
                + "https://kubernetes.io/docs/tasks/administer-cluster/namespaces/")
        @ProtoTag(1)
        @OmitEmpty
        String phase,

        @Doc("Represents the latest available observations of a namespace's current state.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "type")
        @ListType(value = "map", keys = "type")
        List<NamespaceCondition> conditions) {}
