package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Maps a string key to a path within a volume.")
public record KeyToPath(
        @Doc("key is the key to project.") @ProtoTag(1) String key,

        @Doc("path is the relative path of the file to map the key to. May not be an absolute path. May not "
                + "contain the path element '..'. May not start with the string '..'.")
        @ProtoTag(2)
        String path,

        @Doc("mode is Optional: mode bits used to set permissions on this file. Must be an octal value between "
                + "0000 and 0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, "
                + "JSON requires decimal values for mode bits. If not specified, the volume defaultMode will be "
                + "used. This might be in conflict with other options that affect the file mode, like fsGroup, and "
                + "the result can be other mode bits set.")
        @ProtoTag(3)
        @OmitEmpty
        Integer mode) {}
