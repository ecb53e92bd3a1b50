package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("Condition holds the information about the state of a resource.")
public record Condition(
        @Doc("Type of the condition.") @ProtoTag(1) String type,

        @Doc("Status of the condition, one of True, False, Unknown.") @ProtoTag(2)
        String status,

        @Doc("Last time the condition transitioned from one status to another.") @ProtoTag(3)
        Time lastTransitionTime,

        @Doc("Last time the condition was updated.") @ProtoTag(4)
        Time lastUpdateTime,

        @Doc("The reason for the condition's last transition.") @ProtoTag(5)
        String reason,

        @Doc("A human readable message indicating details about the transition.") @ProtoTag(6)
        String message,

        @Doc("Well-defined error codes in case the condition reports a problem.") @ProtoTag(7) @OmitEmpty
        List<String> codes) {}
