package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.Map;

@Doc("AccessRestrictionWithOptions describes an access restriction for a Kubernetes cluster (e.g., EU "
        + "access-only) and allows to specify additional options.")
public record AccessRestrictionWithOptions(
        @ProtoTag(1) @Inline AccessRestriction accessRestriction,

        @Doc("Options is a map of additional options for the access restriction.") @ProtoTag(2) @OmitEmpty
        Map<String, String> options) {}
