package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("SeedSettingVerticalPodAutoscaler controls certain settings for the vertical pod autoscaler components "
        + "deployed in the seed.")
public record SeedSettingVerticalPodAutoscaler(
        @Doc("Enabled controls whether the VPA components shall be deployed into the garden namespace in the "
                + "seed cluster. It is enabled by default because Gardener heavily relies on a VPA being deployed. "
                + "You should only disable this if your seed cluster already has another, manually/custom managed "
                + "VPA deployment.")
        @ProtoTag(1)
        boolean enabled,

        @Doc("FeatureGates contains information about enabled feature gates.") @ProtoTag(2) @OmitEmpty
        Map<String, Boolean> featureGates,

        @Doc("MaxAllowed specifies the global maximum allowed (maximum amount of resources) that "
                + "vpa-recommender can recommend for a container. The VerticalPodAutoscaler-level maximum allowed "
                + "takes precedence over the global maximum allowed. For more information, see "
                + "https://github.com/kubernetes/autoscaler/blob/master/vertical-pod-autoscaler/docs/examples.md#specifying-global-maximum-allowed-resources-to-prevent-pods-from-being-unschedulable.\n\nDefaults "
                + "to nil (no maximum).")
        @ProtoTag(3)
        @OmitEmpty
        Map<String, Quantity> maxAllowed) {}
