package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedTaint describes a taint on a seed.")
public record SeedTaint(
        @Doc("Key is the taint key to be applied to a seed.") @ProtoTag(1)
        String key,

        @Doc("Value is the taint value corresponding to the taint key.") @ProtoTag(2) @OmitEmpty @Ptr
        String value) {}
