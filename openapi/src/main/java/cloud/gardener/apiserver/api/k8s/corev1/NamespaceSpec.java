package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("NamespaceSpec describes the attributes on a Namespace.")
public record NamespaceSpec(
        @Doc("Finalizers is an opaque list of values that must be empty to permanently remove object from storage. "
                + "More info: https://kubernetes.io/docs/tasks/administer-cluster/namespaces/")
        @ProtoTag(1)
        @OmitEmpty
        @ListType("atomic")
        List<String> finalizers) {}
