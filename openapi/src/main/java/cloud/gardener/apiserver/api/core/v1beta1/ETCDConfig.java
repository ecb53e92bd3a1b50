package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ETCDConfig contains etcd configuration.")
public record ETCDConfig(
        @Doc("Autoscaling contains auto-scaling configuration options for etcd.") @ProtoTag(1) @OmitEmpty @Ptr
        ControlPlaneAutoscaling autoscaling) {}
