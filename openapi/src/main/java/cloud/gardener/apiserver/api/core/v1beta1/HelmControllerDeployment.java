package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("HelmControllerDeployment configures how an extension controller is deployed using helm. This is the "
        + "legacy structure that used to be defined in gardenlet's ControllerInstallation controller for "
        + "ControllerDeployment's with type=helm. While this is not a proper API type, we need to define the "
        + "structure in the API package so that we can convert it to the internal API version in the new "
        + "representation.")
public record HelmControllerDeployment(
        @Doc("Chart is a Helm chart tarball.") @ProtoTag(1) @OmitEmpty
        Base64Bytes chart,

        @Doc("Values is a map of values for the given chart.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode values,

        @Doc("OCIRepository defines where to pull the chart.") @ProtoTag(3) @OmitEmpty @Ptr
        OCIRepository ociRepository) {}
