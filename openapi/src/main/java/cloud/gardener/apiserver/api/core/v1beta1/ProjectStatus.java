package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("ProjectStatus holds the most recently observed status of the project.")
public record ProjectStatus(
        @Doc("ObservedGeneration is the most recent generation observed for this project.") @ProtoTag(1) @OmitEmpty
        long observedGeneration,

        @Doc("Phase is the current phase of the project.") @ProtoTag(2) @OmitEmpty
        String phase,

        @Doc("StaleSinceTimestamp contains the timestamp when the project was first discovered to be "
                + "stale/unused.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Time staleSinceTimestamp,

        @Doc("StaleAutoDeleteTimestamp contains the timestamp when the project will be "
                + "garbage-collected/automatically deleted because it's stale/unused.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Time staleAutoDeleteTimestamp,

        @Doc("LastActivityTimestamp contains the timestamp from the last activity performed in this project.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Time lastActivityTimestamp,

        @Doc("Conditions represents the latest available observations of a Project's current state.")
        @ProtoTag(6)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions) {}
