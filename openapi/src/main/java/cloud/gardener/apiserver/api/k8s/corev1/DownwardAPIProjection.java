package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Represents downward API info for projecting into a projected volume. Note that this is identical to a "
        + "downwardAPI volume source without the default mode.")
public record DownwardAPIProjection(
        @Doc("Items is a list of DownwardAPIVolume file") @ProtoTag(1) @OmitEmpty @ListType("atomic")
        List<DownwardAPIVolumeFile> items) {}
