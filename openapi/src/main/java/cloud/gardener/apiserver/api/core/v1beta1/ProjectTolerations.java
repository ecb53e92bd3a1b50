package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("ProjectTolerations contains the tolerations for taints on seed clusters.")
public record ProjectTolerations(
        @Doc("Defaults contains a list of tolerations that are added to the shoots in this project by default.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "key")
        List<Toleration> defaults,

        @Doc("Whitelist contains a list of tolerations that are allowed to be added to the shoots in this "
                + "project. Please note that this list may only be added by users having the "
                + "`spec-tolerations-whitelist` verb for project resources.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "key")
        List<Toleration> whitelist) {}
