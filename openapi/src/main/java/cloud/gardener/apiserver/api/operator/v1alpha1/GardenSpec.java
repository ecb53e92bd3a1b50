package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.NamedResourceReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("GardenSpec contains the specification of a garden environment.")
public record GardenSpec(
        @Doc("DNS contains specifications of DNS providers.") @OmitEmpty @Ptr
        DNSManagement dns,

        @Doc("Extensions contain type and provider information for Garden extensions.") @OmitEmpty
        List<GardenExtension> extensions,

        @Doc("RuntimeCluster contains configuration for the runtime cluster.")
        RuntimeCluster runtimeCluster,

        @Doc("VirtualCluster contains configuration for the virtual cluster.")
        VirtualCluster virtualCluster,

        @Doc("Resources holds a list of named resource references that can be referred to in extension configs by "
                + "their names.")
        @OmitEmpty
        List<NamedResourceReference> resources) {}
