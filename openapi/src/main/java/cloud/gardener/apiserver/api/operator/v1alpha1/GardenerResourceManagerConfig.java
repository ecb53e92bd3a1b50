package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("GardenerResourceManagerConfig contains configuration settings for the gardener-resource-manager.")
public record GardenerResourceManagerConfig(
        @Doc("AdditionalTargetNamespaces allows specifying custom target namespaces for the "
                + "gardener-resource-manager instance.")
        @OmitEmpty
        List<String> additionalTargetNamespaces) {}
