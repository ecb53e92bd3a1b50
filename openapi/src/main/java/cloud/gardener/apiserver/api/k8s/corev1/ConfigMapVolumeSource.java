package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Adapts a ConfigMap into a volume.\n\nThe contents of the target ConfigMap's Data field will be presented in "
        + "a volume as files using the keys in the Data field as the file names, unless the items element is "
        + "populated with specific mappings of keys to paths. ConfigMap volumes support ownership management and "
        + "SELinux relabeling.")
public record ConfigMapVolumeSource(
        @ProtoTag(1) @Inline LocalObjectReference localObjectReference,

        @Doc("items if unspecified, each key-value pair in the Data field of the referenced ConfigMap will be "
                + "projected into the volume as a file whose name is the key and content is the value. If "
                + "specified, the listed keys will be projected into the specified paths, and unlisted keys will "
                + "not be present. If a key is specified which is not present in the ConfigMap, the volume setup "
                + "will error unless it is marked optional. Paths must be relative and may not contain the '..' "
                + "path or start with '..'.")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<KeyToPath> items,

        @Doc("defaultMode is optional: mode bits used to set permissions on created files by default. Must be an "
                + "octal value between 0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal "
                + "and decimal values, JSON requires decimal values for mode bits. Defaults to 0644. Directories "
                + "within the path are not affected by this setting. This might be in conflict with other options "
                + "that affect the file mode, like fsGroup, and the result can be other mode bits set.")
        @ProtoTag(3)
        @OmitEmpty
        Integer defaultMode,

        @Doc("optional specify whether the ConfigMap or its keys must be defined") @ProtoTag(4) @OmitEmpty
        Boolean optional) {}
