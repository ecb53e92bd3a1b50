package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ControllerRegistrationDeployment contains information for how this controller is deployed.")
public record ControllerRegistrationDeployment(
        @Doc("Policy controls how the controller is deployed. It defaults to 'OnDemand'.") @ProtoTag(3) @OmitEmpty @Ptr
        String policy,

        @Doc("SeedSelector contains an optional label selector for seeds. Only if the labels match then this "
                + "controller will be considered for a deployment. An empty list means that all seeds are selected.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        LabelSelector seedSelector,

        @Doc("DeploymentRefs holds references to `ControllerDeployments`. Only one element is supported "
                + "currently.")
        @ProtoTag(5)
        @OmitEmpty
        List<DeploymentRef> deploymentRefs) {}
