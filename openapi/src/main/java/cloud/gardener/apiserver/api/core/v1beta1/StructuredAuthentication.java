package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("StructuredAuthentication contains authentication config for kube-apiserver.")
public record StructuredAuthentication(
        @Doc("ConfigMapName is the name of the ConfigMap in the project namespace which contains "
                + "AuthenticationConfiguration for the kube-apiserver.")
        @ProtoTag(1)
        String configMapName) {}
