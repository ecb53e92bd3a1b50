package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.ControlPlaneAutoscaling;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ETCDMain contains configuration for the main etcd.")
public record ETCDMain(
        @Doc("Autoscaling contains auto-scaling configuration options for etcd.") @OmitEmpty @Ptr
        ControlPlaneAutoscaling autoscaling,

        @Doc("Backup contains the object store configuration for backups for the virtual garden etcd.") @OmitEmpty @Ptr
        Backup backup,

        @Doc("Storage contains storage configuration.") @OmitEmpty @Ptr
        Storage storage) {}
