package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("KubernetesSettings contains constraints regarding allowed values of the 'kubernetes' block in the Shoot "
        + "specification.")
public record KubernetesSettings(
        @Doc("Versions is the list of allowed Kubernetes versions with optional expiration dates for Shoot "
                + "clusters.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "version")
        List<ExpirableVersion> versions) {}
