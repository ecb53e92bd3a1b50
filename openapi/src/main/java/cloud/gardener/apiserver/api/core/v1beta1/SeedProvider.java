package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("SeedProvider defines the provider-specific information of this Seed cluster.")
public record SeedProvider(
        @Doc("Type is the name of the provider.") @ProtoTag(1)
        String type,

        @Doc("ProviderConfig is the configuration passed to Seed resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Region is a name of a region.") @ProtoTag(3) String region,

        @Doc("Zones is the list of availability zones the seed cluster is deployed to.") @ProtoTag(4) @OmitEmpty
        List<String> zones) {}
