package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("GardenletConfig specifies gardenlet deployment parameters and the GardenletConfiguration used to configure "
        + "gardenlet.")
public record GardenletConfig(
        @Doc("Deployment specifies certain gardenlet deployment parameters, such as the number of replicas, the "
                + "image, etc.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        GardenletDeployment deployment,

        @Doc("Config is the GardenletConfiguration used to configure gardenlet.") @ProtoTag(2) @OmitEmpty
        JsonNode config,

        @Doc("Bootstrap is the mechanism that should be used for bootstrapping gardenlet connection to the Garden "
                + "cluster. One of ServiceAccount, BootstrapToken, None. If set to ServiceAccount or "
                + "BootstrapToken, a service account or a bootstrap token will be created in the garden cluster "
                + "and used to compute the bootstrap kubeconfig. If set to None, the "
                + "gardenClientConnection.kubeconfig field will be used to connect to the Garden cluster. Defaults "
                + "to BootstrapToken. This field is immutable.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String bootstrap,

        @Doc("MergeWithParent specifies whether the GardenletConfiguration of the parent gardenlet should be "
                + "merged with the specified GardenletConfiguration. Defaults to true. This field is immutable.")
        @ProtoTag(4)
        @OmitEmpty
        Boolean mergeWithParent) {}
