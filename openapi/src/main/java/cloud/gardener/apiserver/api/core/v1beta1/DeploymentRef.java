package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("DeploymentRef contains information about `ControllerDeployment` references.")
public record DeploymentRef(
        @Doc("Name is the name of the `ControllerDeployment` that is being referred to.")
        String name) {
}
