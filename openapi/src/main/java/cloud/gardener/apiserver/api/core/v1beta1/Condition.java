package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("Condition holds the information about the state of a resource.")
public record Condition(
        @Doc("Type of the condition.")
        String type,
        @Doc("Status of the condition, one of True, False, Unknown.")
        String status,
        @Doc("Last time the condition transitioned from one status to another.")
        Time lastTransitionTime,
        @Doc("Last time the condition was updated.")
        Time lastUpdateTime,
        @Doc("The reason for the condition's last transition.")
        String reason,
        @Doc("A human readable message indicating details about the transition.")
        String message,
        @Doc("Well-defined error codes in case the condition reports a problem.")
        @OmitEmpty List<String> codes) {
}
