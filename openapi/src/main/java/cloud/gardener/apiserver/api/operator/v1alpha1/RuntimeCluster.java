package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("RuntimeCluster contains configuration for the runtime cluster.")
public record RuntimeCluster(
        @Doc("Ingress configures Ingress specific settings for the Garden cluster.")
        Ingress ingress,

        @Doc("Networking defines the networking configuration of the runtime cluster.")
        RuntimeNetworking networking,

        @Doc("Provider defines the provider-specific information for this cluster.")
        Provider provider,

        @Doc("Settings contains certain settings for this cluster.") @OmitEmpty @Ptr
        Settings settings,

        @Doc("Volume contains settings for persistent volumes created in the runtime cluster.") @OmitEmpty @Ptr
        Volume volume) {}
