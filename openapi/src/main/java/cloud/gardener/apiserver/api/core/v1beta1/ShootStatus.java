package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("ShootStatus holds the most recently observed status of the Shoot cluster.")
public record ShootStatus(
        @Doc("Conditions represents the latest available observations of a Shoots's current state.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("Constraints represents conditions of a Shoot's current state that constraint some operations " + "on it.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> constraints,

        @Doc("Gardener holds information about the Gardener which last acted on the Shoot.") @ProtoTag(3)
        Gardener gardener,

        @Doc("IsHibernated indicates whether the Shoot is currently hibernated.") @ProtoTag(4)
        boolean hibernated,

        @Doc("LastOperation holds information about the last operation on the Shoot.") @ProtoTag(5) @OmitEmpty @Ptr
        LastOperation lastOperation,

        @Doc("LastErrors holds information about the last occurred error(s) during an operation.")
        @ProtoTag(6)
        @OmitEmpty
        List<LastError> lastErrors,

        @Doc("ObservedGeneration is the most recent generation observed for this Shoot. It corresponds to "
                + "the Shoot's generation, which is updated on mutation by the API Server.")
        @ProtoTag(7)
        @OmitEmpty
        long observedGeneration,

        @Doc("RetryCycleStartTime is the start time of the last retry cycle (used to determine how often an "
                + "operation must be retried until we give up).")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Time retryCycleStartTime,

        @Doc("SeedName is the name of the seed cluster that runs the control plane of the Shoot. This value "
                + "is only written after a successful create/reconcile operation. It will be used when control "
                + "planes are moved between Seeds.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("TechnicalID is a unique technical ID for this Shoot. It is used for the infrastructure "
                + "resources, and basically everything that is related to this particular Shoot. For regular "
                + "shoot clusters, this is also the name of the namespace in the seed cluster running the "
                + "shoot's control plane. This field is immutable.")
        @ProtoTag(10)
        String technicalID,

        @Doc("UID is a unique identifier for the Shoot cluster to avoid portability between Kubernetes "
                + "clusters. It is used to compute unique hashes. This field is immutable.")
        @ProtoTag(11)
        String uid,

        @Doc("ClusterIdentity is the identity of the Shoot cluster. This field is immutable.")
        @ProtoTag(12)
        @OmitEmpty
        @Ptr
        String clusterIdentity,

        @Doc("List of addresses that are relevant to the shoot. These include the Kube API server address "
                + "and also the service account issuer.")
        @ProtoTag(13)
        @OmitEmpty
        @Patch(key = "name")
        List<ShootAdvertisedAddress> advertisedAddresses,

        @Doc("MigrationStartTime is the time when a migration to a different seed was initiated.")
        @ProtoTag(14)
        @OmitEmpty
        @Ptr
        Time migrationStartTime,

        @Doc("Credentials contains information about the shoot credentials.") @ProtoTag(15) @OmitEmpty @Ptr
        ShootCredentials credentials,

        @Doc("LastHibernationTriggerTime indicates the last time when the hibernation controller managed to "
                + "change the hibernation settings of the cluster")
        @ProtoTag(16)
        @OmitEmpty
        @Ptr
        Time lastHibernationTriggerTime,

        @Doc("LastMaintenance holds information about the last maintenance operations on the Shoot.")
        @ProtoTag(17)
        @OmitEmpty
        @Ptr
        LastMaintenance lastMaintenance,

        @Doc("Networking contains information about cluster networking such as CIDRs.") @ProtoTag(19) @OmitEmpty @Ptr
        NetworkingStatus networking,

        @Doc("InPlaceUpdates contains information about in-place updates for the Shoot workers.")
        @ProtoTag(20)
        @OmitEmpty
        @Ptr
        InPlaceUpdatesStatus inPlaceUpdates,

        @Doc("ManualWorkerPoolRollout contains information about the worker pool rollout progress.")
        @ProtoTag(21)
        @OmitEmpty
        @Ptr
        ManualWorkerPoolRollout manualWorkerPoolRollout,

        @Doc("LiveMigration contains information about an ongoing live control plane migration of the Shoot.")
        @ProtoTag(22)
        @OmitEmpty
        @Ptr
        LiveMigration liveMigration) {}
