package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("MachineImage defines the name and multiple versions of the machine image in any environment.")
public record MachineImage(
        @Doc("Name is the name of the image.") @ProtoTag(1) String name,

        @Doc("Versions contains versions, expiration dates and container runtimes of the machine image")
        @ProtoTag(2)
        @Patch(key = "version")
        List<MachineImageVersion> versions,

        @Doc("UpdateStrategy is the update strategy to use for the machine image. Possible values are:\n - "
                + "patch: update to the latest patch version of the current minor version.\n - minor: update to the "
                + "latest minor and patch version.\n - major: always update to the overall latest version (default).")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String updateStrategy) {}
