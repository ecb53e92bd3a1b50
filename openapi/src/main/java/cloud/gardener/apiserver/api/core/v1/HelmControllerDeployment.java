package cloud.gardener.apiserver.api.core.v1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("HelmControllerDeployment configures how an extension controller is deployed using helm.")
public record HelmControllerDeployment(
        @Doc("RawChart is the base64-encoded, gzip'ed, tar'ed extension controller chart.") @ProtoTag(1) @OmitEmpty
        Base64Bytes rawChart,

        @Doc("Values are the chart values.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode values,

        @Doc("OCIRepository defines where to pull the chart.") @ProtoTag(3) @OmitEmpty @Ptr
        OCIRepository ociRepository) {}
