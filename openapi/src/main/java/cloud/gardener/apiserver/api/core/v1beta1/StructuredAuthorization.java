package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("StructuredAuthorization contains authorization config for kube-apiserver.")
public record StructuredAuthorization(
        @Doc("ConfigMapName is the name of the ConfigMap in the project namespace which contains "
                + "AuthorizationConfiguration for the kube-apiserver.")
        @ProtoTag(1)
        String configMapName,

        @Doc("Kubeconfigs is a list of references for kubeconfigs for the authorization webhooks.") @ProtoTag(2)
        List<AuthorizerKubeconfigReference> kubeconfigs) {}
