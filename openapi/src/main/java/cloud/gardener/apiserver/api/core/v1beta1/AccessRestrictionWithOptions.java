package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.Map;

@Doc("AccessRestrictionWithOptions describes an access restriction for a Kubernetes cluster (e.g., EU "
        + "access-only) and allows to specify additional options.")
public record AccessRestrictionWithOptions(
        @Inline AccessRestriction accessRestriction,
        @Doc("Options is a map of additional options for the access restriction.")
        @OmitEmpty Map<String, String> options) {
}
