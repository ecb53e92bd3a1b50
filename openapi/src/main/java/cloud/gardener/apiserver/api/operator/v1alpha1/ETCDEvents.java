package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.ControlPlaneAutoscaling;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ETCDEvents contains configuration for the events etcd.")
public record ETCDEvents(
        @Doc("Autoscaling contains auto-scaling configuration options for etcd.") @OmitEmpty @Ptr
        ControlPlaneAutoscaling autoscaling,

        @Doc("Storage contains storage configuration.") @OmitEmpty @Ptr
        Storage storage) {}
