package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("SettingVerticalPodAutoscaler controls certain settings for the vertical pod autoscaler components deployed "
        + "in the cluster.")
public record SettingVerticalPodAutoscaler(
        @Doc("Enabled controls whether the VPA components shall be deployed into this cluster. It is true by "
                + "default because the operator (and Gardener) heavily rely on a VPA being deployed. You should "
                + "only disable this if your runtime cluster already has another, manually/custom managed VPA "
                + "deployment. If this is not the case, but you still disable it, then reconciliation will fail.")
        @OmitEmpty
        Boolean enabled,

        @Doc("FeatureGates contains information about enabled feature gates.") @OmitEmpty
        Map<String, Boolean> featureGates,

        @Doc("MaxAllowed specifies the global maximum allowed (maximum amount of resources) that vpa-recommender "
                + "can recommend for a container. The VerticalPodAutoscaler-level maximum allowed takes precedence "
                + "over the global maximum allowed. For more information, see "
                + "https://github.com/kubernetes/autoscaler/blob/master/vertical-pod-autoscaler/docs/examples.md#specifying-global-maximum-allowed-resources-to-prevent-pods-from-being-unschedulable.\n\nDefaults "
                + "to nil (no maximum).")
        @OmitEmpty
        Map<String, Quantity> maxAllowed) {}
