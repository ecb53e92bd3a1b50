package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("ShootMachineImage defines the name and the version of the shoot's machine image in any environment. "
        + "Has to be defined in the respective CloudProfile.")
public record ShootMachineImage(
        @Doc("Name is the name of the image.") @ProtoTag(1) String name,

        @Doc("ProviderConfig is the shoot's individual configuration passed to an extension resource.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        JsonNode providerConfig,

        @Doc("Version is the version of the shoot's image. If version is not provided, it will be defaulted "
                + "to the latest version from the CloudProfile.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String version) {}
