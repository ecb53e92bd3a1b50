package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.core.v1.OCIRepository;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("GardenletHelm is the Helm deployment configuration for gardenlet.")
public record GardenletHelm(
        @Doc("OCIRepository defines where to pull the chart.") @ProtoTag(1)
        OCIRepository ociRepository) {}
