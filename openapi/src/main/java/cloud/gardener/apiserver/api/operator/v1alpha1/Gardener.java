package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Gardener contains the configuration settings for the Gardener components.")
public record Gardener(
        @Doc("ClusterIdentity is the identity of the garden cluster. This field is immutable.")
        String clusterIdentity,

        @Doc("APIServer contains configuration settings for the gardener-apiserver.") @OmitEmpty @Ptr
        GardenerAPIServerConfig gardenerAPIServer,

        @Doc("AdmissionController contains configuration settings for the gardener-admission-controller.")
        @OmitEmpty
        @Ptr
        GardenerAdmissionControllerConfig gardenerAdmissionController,

        @Doc("ControllerManager contains configuration settings for the gardener-controller-manager.") @OmitEmpty @Ptr
        GardenerControllerManagerConfig gardenerControllerManager,

        @Doc("Scheduler contains configuration settings for the gardener-scheduler.") @OmitEmpty @Ptr
        GardenerSchedulerConfig gardenerScheduler,

        @Doc("Dashboard contains configuration settings for the gardener-dashboard.") @OmitEmpty @Ptr
        GardenerDashboardConfig gardenerDashboard,

        @Doc("DiscoveryServer contains configuration settings for the gardener-discovery-server. Once enabled, the "
                + "gardener-discovery-server deployment cannot be removed and its domain cannot be changed. "
                + "Otherwise, workload identity and/or shoot service account tokens referencing the "
                + "gardener-discovery-server in the issuer URL might become unusable. This field is optional, but "
                + "once set, it cannot be removed anymore.")
        @OmitEmpty
        @Ptr
        GardenerDiscoveryServerConfig gardenerDiscoveryServer,

        @Doc("ResourceManager contains configuration settings for the gardener-resource-manager.") @OmitEmpty @Ptr
        GardenerResourceManagerConfig gardenerResourceManager) {}
