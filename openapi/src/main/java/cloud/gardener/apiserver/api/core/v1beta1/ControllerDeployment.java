package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ControllerDeployment contains information about how this controller is deployed.")
public record ControllerDeployment(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object metadata.") @ProtoTag(1) @OmitEmpty
        ObjectMeta metadata,

        @Doc("Type is the deployment type.") @ProtoTag(2) String type,

        @Doc("ProviderConfig contains type-specific configuration. It contains assets that deploy the " + "controller.")
        @ProtoTag(3)
        JsonNode providerConfig,

        @Doc("InjectGardenKubeconfig controls whether a kubeconfig to the garden cluster should be injected "
                + "into workload resources.")
        @ProtoTag(4)
        @OmitEmpty
        Boolean injectGardenKubeconfig) {}
