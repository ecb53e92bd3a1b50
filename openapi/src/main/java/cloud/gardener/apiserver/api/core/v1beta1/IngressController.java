package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("IngressController enables a Gardener managed Ingress Controller listening on the ingressDomain")
public record IngressController(
        @Doc("Kind defines which kind of IngressController to use. At the moment only `nginx` is supported")
        @ProtoTag(1)
        String kind,

        @Doc("ProviderConfig specifies infrastructure specific configuration for the ingressController")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        JsonNode providerConfig) {}
