package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1.NamedResourceReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("Deployment specifies how an extension can be installed for a Gardener landscape. It includes the "
        + "specification for installing an extension and/or an admission controller.")
public record Deployment(
        @Doc("ExtensionDeployment contains the deployment configuration an extension.") @OmitEmpty @Ptr
        ExtensionDeploymentSpec extension,

        @Doc("AdmissionDeployment contains the deployment configuration for an admission controller.") @OmitEmpty @Ptr
        AdmissionDeploymentSpec admission,

        @Doc("Resources is a list of named resource references that can be referenced in the Helm chart values via "
                + "Go template syntax (e.g. `{{ .resources.<name>.data.<key> }}`). Only resources of kind `Secret` "
                + "and `ConfigMap` (apiVersion `v1`) are supported. The referenced resources must reside in the "
                + "garden namespace. References can be used in `spec.deployment.extension.values`, "
                + "`spec.deployment.extension.runtimeClusterValues` and `spec.deployment.admission.values`.")
        @OmitEmpty
        @Patch(key = "name")
        List<NamedResourceReference> resources) {}
