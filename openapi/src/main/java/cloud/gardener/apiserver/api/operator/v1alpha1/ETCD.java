package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ETCD contains configuration for the etcds of the virtual garden cluster.")
public record ETCD(
        @Doc("Main contains configuration for the main etcd.") @OmitEmpty @Ptr
        ETCDMain main,

        @Doc("Events contains configuration for the events etcd.") @OmitEmpty @Ptr
        ETCDEvents events) {}
