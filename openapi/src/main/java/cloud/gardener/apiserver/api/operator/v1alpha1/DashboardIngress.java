package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;

@Doc("DashboardIngress contains configuration for the dashboard ingress resource.")
public record DashboardIngress(
        @Doc("Enabled controls whether the Dashboard Ingress resource will be deployed to the "
                + "cluster.\n\nDeprecated: use the GardenerDashboardConfig.Domain field for customizing the "
                + "ingress domain instead.")
        @OmitEmpty
        Boolean enabled) {}
