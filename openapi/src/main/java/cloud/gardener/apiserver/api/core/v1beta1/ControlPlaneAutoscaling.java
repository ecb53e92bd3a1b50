package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("ControlPlaneAutoscaling contains auto-scaling configuration options for control-plane components.")
public record ControlPlaneAutoscaling(
        @Doc("MinAllowed configures the minimum allowed resource requests for vertical pod autoscaling.. "
                + "Configuration of minAllowed resources is an advanced feature that can help clusters to "
                + "overcome scale-up delays. Default values are not applied to this field.")
        @ProtoTag(1)
        Map<String, Quantity> minAllowed) {}
