package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("Ingress configures the Ingress specific settings of the cluster")
public record Ingress(
        @Doc("Domain specifies the IngressDomain of the cluster pointing to the ingress controller endpoint. It "
                + "will be used to construct ingress URLs for system applications running in Shoot/Garden clusters. "
                + "Once set this field is immutable.")
        String domain,
        @Doc("Controller configures a Gardener managed Ingress Controller listening on the ingressDomain")
        IngressController controller) {
}
