package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Toleration is a toleration for a seed taint.")
public record Toleration(
        @Doc("Key is the toleration key to be applied to a project or shoot.") @ProtoTag(1)
        String key,

        @Doc("Value is the toleration value corresponding to the toleration key.") @ProtoTag(2) @OmitEmpty @Ptr
        String value) {}
