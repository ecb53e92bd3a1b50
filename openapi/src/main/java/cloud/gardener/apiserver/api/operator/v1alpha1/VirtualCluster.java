package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("VirtualCluster contains configuration for the virtual cluster.")
public record VirtualCluster(
        @Doc("ControlPlane holds information about the general settings for the control plane of the virtual "
                + "cluster.")
        @OmitEmpty
        @Ptr
        ControlPlane controlPlane,

        @Doc("DNS holds information about DNS settings.") DNS dns,

        @Doc("ETCD contains configuration for the etcds of the virtual garden cluster.") @OmitEmpty @Ptr
        ETCD etcd,

        @Doc("Gardener contains the configuration options for the Gardener control plane components.")
        Gardener gardener,

        @Doc("Kubernetes contains the version and configuration options for the Kubernetes components of the "
                + "virtual garden cluster.")
        Kubernetes kubernetes,

        @Doc("Maintenance contains information about the time window for maintenance operations.")
        Maintenance maintenance,

        @Doc("Networking contains information about cluster networking such as CIDRs, etc.")
        Networking networking) {}
