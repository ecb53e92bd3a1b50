package cloud.gardener.apiserver.api.core.v1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ControllerDeployment contains information about how this controller is deployed.")
public record ControllerDeployment(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Helm configures that an extension controller is deployed using helm.") @ProtoTag(2) @OmitEmpty @Ptr
        HelmControllerDeployment helm,

        @Doc("InjectGardenKubeconfig controls whether a kubeconfig to the garden cluster should be injected "
                + "into workload resources.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean injectGardenKubeconfig,

        @Doc("Resources is a list of named resource references that can be referenced in the Helm chart values "
                + "via Go template syntax (e.g. `{{ .resources.<name>.data.<key> }}`). Only resources of kind "
                + "`Secret` and `ConfigMap` (apiVersion `v1`) are supported. The referenced resources must reside in "
                + "the garden namespace.")
        @ProtoTag(4)
        @OmitEmpty
        @Patch(key = "name")
        List<NamedResourceReference> resources) {}
