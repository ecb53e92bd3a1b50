package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Ingress configures the Ingress specific settings of the cluster")
public record Ingress(
        @Doc("Domain specifies the IngressDomain of the cluster pointing to the ingress controller endpoint. It "
                + "will be used to construct ingress URLs for system applications running in Shoot/Garden clusters. "
                + "Once set this field is immutable.")
        @ProtoTag(1)
        String domain,

        @Doc("Controller configures a Gardener managed Ingress Controller listening on the ingressDomain") @ProtoTag(2)
        IngressController controller) {}
