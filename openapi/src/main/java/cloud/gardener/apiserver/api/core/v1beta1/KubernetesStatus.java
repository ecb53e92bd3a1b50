package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("KubernetesStatus contains the status information for kubernetes.")
public record KubernetesStatus(
        @Doc("Versions contains the statuses of the kubernetes versions.") @ProtoTag(1) @OmitEmpty
        List<ExpirableVersionStatus> versions) {}
