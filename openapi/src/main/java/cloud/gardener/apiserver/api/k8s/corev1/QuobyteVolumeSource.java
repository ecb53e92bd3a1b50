package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a Quobyte mount that lasts the lifetime of a pod. Quobyte volumes do not support ownership "
        + "management or SELinux relabeling.")
public record QuobyteVolumeSource(
        @Doc("registry represents a single or multiple Quobyte Registry services specified as a string as "
                + "host:port pair (multiple entries are separated with commas) which acts as the central registry "
                + "for volumes")
        @ProtoTag(1)
        String registry,

        @Doc("volume is a string that references an already created Quobyte volume by name.") @ProtoTag(2)
        String volume,

        @Doc("readOnly here will force the Quobyte volume to be mounted with read-only permissions. Defaults to "
                + "false.")
        @ProtoTag(3)
        @OmitEmpty
        boolean readOnly,

        @Doc("user to map volume access to Defaults to serivceaccount user") @ProtoTag(4) @OmitEmpty
        String user,

        @Doc("group to map volume access to Default is no group") @ProtoTag(5) @OmitEmpty
        String group,

        @Doc("tenant owning the given Quobyte volume in the Backend Used with dynamically provisioned Quobyte "
                + "volumes, value is set by the plugin")
        @ProtoTag(6)
        @OmitEmpty
        String tenant) {}
