package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ExtensionDeploymentSpec specifies how to install the extension in a gardener landscape. The installation is "
        + "split into two parts: - installing the extension in the virtual garden cluster by creating the "
        + "ControllerRegistration and ControllerDeployment - installing the extension in the runtime cluster (if "
        + "necessary).")
public record ExtensionDeploymentSpec(
        @Inline DeploymentSpec deploymentSpec,

        @Doc("Values are the deployment values used in the creation of the ControllerDeployment in the virtual "
                + "garden cluster.")
        @OmitEmpty
        @Ptr
        JsonNode values,

        @Doc("RuntimeClusterValues are the deployment values for the extension deployment running in the runtime "
                + "garden cluster.")
        @OmitEmpty
        @Ptr
        JsonNode runtimeClusterValues,

        @Doc("Policy controls how the controller is deployed. It defaults to 'OnDemand'.") @OmitEmpty @Ptr
        String policy,

        @Doc("SeedSelector contains an optional label selector for seeds. Only if the labels match then this "
                + "controller will be considered for a deployment. An empty list means that all seeds are selected.")
        @OmitEmpty
        @Ptr
        LabelSelector seedSelector,

        @Doc("InjectGardenKubeconfig controls whether a kubeconfig to the garden cluster should be injected into "
                + "workload resources.")
        @OmitEmpty
        Boolean injectGardenKubeconfig) {}
