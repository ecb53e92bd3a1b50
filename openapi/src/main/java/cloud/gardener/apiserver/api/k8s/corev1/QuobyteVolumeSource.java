package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("Represents a Quobyte mount that lasts the lifetime of a pod. Quobyte volumes do not support ownership "
        + "management or SELinux relabeling.")
public record QuobyteVolumeSource(
        @Doc("registry represents a single or multiple Quobyte Registry services specified as a string as "
                + "host:port pair (multiple entries are separated with commas) which acts as the central registry "
                + "for volumes")
        String registry,
        @Doc("volume is a string that references an already created Quobyte volume by name.")
        String volume,
        @Doc("readOnly here will force the Quobyte volume to be mounted with read-only permissions. Defaults to "
                + "false.")
        @OmitEmpty boolean readOnly,
        @Doc("user to map volume access to Defaults to serivceaccount user")
        @OmitEmpty String user,
        @Doc("group to map volume access to Default is no group")
        @OmitEmpty String group,
        @Doc("tenant owning the given Quobyte volume in the Backend Used with dynamically provisioned Quobyte "
                + "volumes, value is set by the plugin")
        @OmitEmpty String tenant) {
}
