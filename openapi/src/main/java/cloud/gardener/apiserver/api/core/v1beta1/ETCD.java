package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ETCD contains configuration for etcds of the shoot cluster.")
public record ETCD(
        @Doc("Main contains configuration for the main etcd.") @ProtoTag(1) @OmitEmpty @Ptr
        ETCDConfig main,

        @Doc("Events contains configuration for the events etcd.") @ProtoTag(2) @OmitEmpty @Ptr
        ETCDConfig events) {}
