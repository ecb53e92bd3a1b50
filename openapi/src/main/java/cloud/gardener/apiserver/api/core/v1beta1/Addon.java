package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Addon allows enabling or disabling a specific addon and is used to derive from.")
public record Addon(
        @Doc("Enabled indicates whether the addon is enabled or not.") @ProtoTag(1)
        boolean enabled) {}
