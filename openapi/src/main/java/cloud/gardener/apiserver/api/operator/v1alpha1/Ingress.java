package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.IngressController;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("Ingress configures the Ingress specific settings of the runtime cluster.")
public record Ingress(
        @Doc("Domains specify the ingress domains of the cluster pointing to the ingress controller endpoint. They "
                + "will be used to construct ingress URLs for system applications running in runtime cluster.")
        @OmitEmpty
        List<DNSDomain> domains,

        @Doc("Controller configures a Gardener managed Ingress Controller listening on the ingressDomain.")
        IngressController controller) {}
