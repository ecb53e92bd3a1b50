package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("AccessRestriction describes an access restriction for a Kubernetes cluster (e.g., EU access-only).")
public record AccessRestriction(
        @Doc("Name is the name of the restriction.") @ProtoTag(1)
        String name) {}
