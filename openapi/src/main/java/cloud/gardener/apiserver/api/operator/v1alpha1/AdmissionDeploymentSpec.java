package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("AdmissionDeploymentSpec contains the deployment specification for the admission controller of an extension.")
public record AdmissionDeploymentSpec(
        @Doc("RuntimeCluster is the deployment configuration for the admission in the runtime cluster. The runtime "
                + "deployment is responsible for creating the admission controller in the runtime cluster.")
        @OmitEmpty
        @Ptr
        DeploymentSpec runtimeCluster,

        @Doc("VirtualCluster is the deployment configuration for the admission deployment in the garden cluster. "
                + "The garden deployment installs necessary resources in the virtual garden cluster e.g. RBAC that "
                + "are necessary for the admission controller.")
        @OmitEmpty
        @Ptr
        DeploymentSpec virtualCluster,

        @Doc("Values are the deployment values. The values will be applied to both admission deployments.")
        @OmitEmpty
        @Ptr
        JsonNode values) {}
