package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;
import java.util.Map;

@Doc("SeedSettingExcessCapacityReservationConfig configures excess capacity reservation deployments for shoot "
        + "control planes in the seed.")
public record SeedSettingExcessCapacityReservationConfig(
        @Doc("Resources specify the resource requests and limits of the excess-capacity-reservation pod.") @ProtoTag(1)
        Map<String, Quantity> resources,

        @Doc("NodeSelector specifies the node where the excess-capacity-reservation pod should run.")
        @ProtoTag(2)
        @OmitEmpty
        Map<String, String> nodeSelector,

        @Doc("Tolerations specify the tolerations for the the excess-capacity-reservation pod.") @ProtoTag(3) @OmitEmpty
        List<cloud.gardener.apiserver.api.k8s.corev1.Toleration> tolerations) {}
