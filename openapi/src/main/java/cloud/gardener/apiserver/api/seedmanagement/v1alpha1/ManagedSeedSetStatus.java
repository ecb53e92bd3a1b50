package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("ManagedSeedSetStatus represents the current state of a ManagedSeedSet.")
public record ManagedSeedSetStatus(
        @Doc("ObservedGeneration is the most recent generation observed for this ManagedSeedSet. It corresponds to "
                + "the ManagedSeedSet's generation, which is updated on mutation by the API Server.")
        @ProtoTag(1)
        @OmitEmpty
        long observedGeneration,

        @Doc("Replicas is the number of replicas (ManagedSeeds and their corresponding Shoots) created by the "
                + "ManagedSeedSet controller.")
        @ProtoTag(2)
        int replicas,

        @Doc("ReadyReplicas is the number of ManagedSeeds created by the ManagedSeedSet controller that have a "
                + "Ready Condition.")
        @ProtoTag(3)
        @OmitEmpty
        int readyReplicas,

        @Doc("NextReplicaNumber is the ordinal number that will be assigned to the next replica of the "
                + "ManagedSeedSet.")
        @ProtoTag(4)
        @OmitEmpty
        int nextReplicaNumber,

        @Doc("CurrentReplicas is the number of ManagedSeeds created by the ManagedSeedSet controller from the "
                + "ManagedSeedSet version indicated by CurrentRevision.")
        @ProtoTag(5)
        @OmitEmpty
        int currentReplicas,

        @Doc("UpdatedReplicas is the number of ManagedSeeds created by the ManagedSeedSet controller from the "
                + "ManagedSeedSet version indicated by UpdateRevision.")
        @ProtoTag(6)
        @OmitEmpty
        int updatedReplicas,

        @Doc("CurrentRevision, if not empty, indicates the version of the ManagedSeedSet used to generate "
                + "ManagedSeeds with smaller ordinal numbers during updates.")
        @ProtoTag(7)
        @OmitEmpty
        String currentRevision,

        @Doc("UpdateRevision, if not empty, indicates the version of the ManagedSeedSet used to generate "
                + "ManagedSeeds with larger ordinal numbers during updates")
        @ProtoTag(8)
        @OmitEmpty
        String updateRevision,

        @Doc("CollisionCount is the count of hash collisions for the ManagedSeedSet. The ManagedSeedSet controller "
                + "uses this field as a collision avoidance mechanism when it needs to create the name for the "
                + "newest ControllerRevision.")
        @ProtoTag(9)
        @OmitEmpty
        Integer collisionCount,

        @Doc("Conditions represents the latest available observations of a ManagedSeedSet's current state.")
        @ProtoTag(10)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("PendingReplica, if not empty, indicates the replica that is currently pending creation, update, or "
                + "deletion. This replica is in a state that requires the controller to wait for it to change "
                + "before advancing to the next replica.")
        @ProtoTag(11)
        @OmitEmpty
        @Ptr
        PendingReplica pendingReplica) {}
