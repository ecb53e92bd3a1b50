package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("Provider defines the provider-specific information for this cluster.")
public record Provider(
        @Doc("Region is the region the cluster is deployed to.") @OmitEmpty @Ptr
        String region,

        @Doc("Zones is the list of availability zones the cluster is deployed to.") @OmitEmpty
        List<String> zones) {}
