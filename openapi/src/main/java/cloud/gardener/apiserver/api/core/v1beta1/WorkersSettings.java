package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("WorkersSettings contains settings for all workers.")
public record WorkersSettings(
        @Doc("SSHAccess contains settings regarding ssh access to the worker nodes.") @ProtoTag(1) @OmitEmpty @Ptr
        SSHAccess sshAccess) {}
