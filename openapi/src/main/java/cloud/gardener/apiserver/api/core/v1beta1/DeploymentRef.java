package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("DeploymentRef contains information about `ControllerDeployment` references.")
public record DeploymentRef(
        @Doc("Name is the name of the `ControllerDeployment` that is being referred to.") @ProtoTag(1)
        String name) {}
