package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Optional;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Represents a projected volume source")
public record ProjectedVolumeSource(
        @Doc("sources is the list of volume projections. Each entry in this list handles one source.")
        @ProtoTag(1)
        @Optional
        @ListType("atomic")
        List<VolumeProjection> sources,

        @Doc("defaultMode are the mode bits used to set permissions on created files by default. Must be an octal "
                + "value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and "
                + "decimal values, JSON requires decimal values for mode bits. Directories within the path are not "
                + "affected by this setting. This might be in conflict with other options that affect the file "
                + "mode, like fsGroup, and the result can be other mode bits set.")
        @ProtoTag(2)
        @OmitEmpty
        Integer defaultMode) {}
