package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SSHAccess contains settings regarding ssh access to the worker nodes.")
public record SSHAccess(
        @Doc("Enabled indicates whether the SSH access to the worker nodes is ensured to be enabled or "
                + "disabled in systemd. Defaults to true.")
        @ProtoTag(1)
        boolean enabled) {}
