package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DeploymentSpec is the specification for the deployment of a component.")
public record DeploymentSpec(
        @Doc("Helm contains the specification for a Helm deployment.") @OmitEmpty @Ptr
        ExtensionHelm helm) {}
