package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("WorkerKubernetes contains configuration for Kubernetes components related to this worker pool.")
public record WorkerKubernetes(
        @Doc("Kubelet contains configuration settings for all kubelets of this worker pool. If set, all "
                + "`spec.kubernetes.kubelet` settings will be overwritten for this worker pool (no merge of "
                + "settings).")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        KubeletConfig kubelet,

        @Doc("Version is the semantic Kubernetes version to use for the Kubelet in this Worker Group. If "
                + "not specified the kubelet version is derived from the global shoot cluster kubernetes "
                + "version. version must be equal or lower than the version of the shoot kubernetes version. "
                + "Only one minor version difference to other worker groups and global kubernetes version is "
                + "allowed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String version) {}
