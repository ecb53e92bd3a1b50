package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.Map;

@Doc("KubernetesConfig contains common configuration fields for the control plane components.\n\nThis is a "
        + "legacy type that should not be used in new API fields or resources. Instead of embedding this type, "
        + "consider using inline map for feature gates definitions.")
public record KubernetesConfig(
        @Doc("FeatureGates contains information about enabled feature gates.") @ProtoTag(1) @OmitEmpty
        Map<String, Boolean> featureGates) {}
