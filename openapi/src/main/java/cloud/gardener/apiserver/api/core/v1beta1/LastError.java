package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("LastError indicates the last occurred error for an operation on a resource.")
public record LastError(
        @Doc("A human readable message indicating details about the last error.") @ProtoTag(1)
        String description,

        @Doc("ID of the task which caused this last error") @ProtoTag(2) @OmitEmpty @Ptr
        String taskID,

        @Doc("Well-defined error codes of the last error(s).") @ProtoTag(3) @OmitEmpty
        List<String> codes,

        @Doc("Last time the error was reported") @ProtoTag(4) @OmitEmpty @Ptr
        Time lastUpdateTime) {}
