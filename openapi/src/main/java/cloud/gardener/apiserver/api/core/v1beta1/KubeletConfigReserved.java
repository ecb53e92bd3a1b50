package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("KubeletConfigReserved contains reserved resources for daemons")
public record KubeletConfigReserved(
        @Doc("CPU is the reserved cpu.") @ProtoTag(1) @OmitEmpty @Ptr
        Quantity cpu,

        @Doc("Memory is the reserved memory.") @ProtoTag(2) @OmitEmpty @Ptr
        Quantity memory,

        @Doc("EphemeralStorage is the reserved ephemeral-storage.") @ProtoTag(3) @OmitEmpty @Ptr
        Quantity ephemeralStorage,

        @Doc("PID is the reserved process-ids.") @ProtoTag(4) @OmitEmpty @Ptr
        Quantity pid) {}
