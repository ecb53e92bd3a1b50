package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Adapts a ConfigMap into a projected volume.\n\nThe contents of the target ConfigMap's Data field will be "
        + "presented in a projected volume as files using the keys in the Data field as the file names, unless the "
        + "items element is populated with specific mappings of keys to paths. Note that this is identical to a "
        + "configmap volume source without the default mode.")
public record ConfigMapProjection(
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

        @Doc("optional specify whether the ConfigMap or its keys must be defined") @ProtoTag(4) @OmitEmpty
        Boolean optional) {}
