package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("NamespaceCondition contains details about state of namespace.")
public record NamespaceCondition(
        @Doc("Type of namespace controller condition.") @ProtoTag(1)
        String type,

        @Doc("Status of the condition, one of True, False, Unknown.") @ProtoTag(2)
        String status,

        @Doc("Last time the condition transitioned from one status to another.") @ProtoTag(4) @OmitEmpty
        Time lastTransitionTime,

        @Doc("Unique, one-word, CamelCase reason for the condition's last transition.") @ProtoTag(5) @OmitEmpty
        String reason,

        @Doc("Human-readable message indicating details about last transition.") @ProtoTag(6) @OmitEmpty
        String message) {}
